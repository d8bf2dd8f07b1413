import { z } from 'zod';
import { userSnapshotSchema } from './schemas.js';
import { PASSWORD_MAX } from './validation.js';

// The texts live apart from the schemas, so a screen that shows them does not pull zod in (DESIGN §7 budget).
export { TWO_FACTOR_MSG } from './two-factor-messages.js';

/** GET /two-factor: whether the signed-in user's second factor is on. Never the secret. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /two-factor/confirm: the first code proves the app holds the secret; the recovery codes, once. */
export const twoFactorConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** POST /two-factor/disable: the password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: z.string().max(PASSWORD_MAX).default(''),
  code: z.string().trim().max(20).default(''),
});
export type TwoFactorDisable = z.infer<typeof twoFactorDisableSchema>;

/**
 * POST /auth/login: the user and their snapshot, or, for an account with a second factor, `mfa: 'verify'` and no
 * user yet (the session opens nothing until POST /auth/two-factor/verify takes a code).
 */
export const userLoginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSnapshotSchema.optional(),
  mfa: z.literal('verify').optional(),
});
export type UserLoginResponse = z.infer<typeof userLoginResponseSchema>;

/** GET /admin/users/:id/two-factor: on or off, nothing else (an admin never sees a user's secret). */
export const adminTwoFactorStatusSchema = z.object({ enabled: z.boolean() });
