import { API, verifyEmailResponseSchema } from '@svp/shared';
import { apiPost } from '../../../lib/api';

/** Uses an e-mailed verification link's token. Public: the page may be opened signed out, on another device. */
export const verifyEmail = (token: string) =>
  apiPost(API.accountEmailVerify, { token }, { schema: verifyEmailResponseSchema, logoutOn401: false });
