// Split out so zod loads when someone starts typing a login, not with the login page (DESIGN §7 budget).
// A user's login answers with the snapshot, or with `mfa: 'verify'` when their second factor comes next.
export { userLoginResponseSchema as loginResponseSchema } from '@svp/shared';
