// Split out so zod loads when someone starts typing a login, not with the login page (DESIGN §7 budget).
export { loginResponseSchema } from '@svp/shared';
