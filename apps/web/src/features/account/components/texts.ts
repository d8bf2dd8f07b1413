import { MSG } from '@svp/shared';
import { errorMessage } from '../../../lib/errors';

/** The server's message when it sent one, else the generic failure or the network text (SPEC §8 wording). */
export const actionErrorText = (error: unknown) =>
  errorMessage(error, { http: MSG.common.internal, network: MSG.login.network });
