import { z } from 'zod';
import { ACCOUNT_MSG } from './account-messages.js';
import { MSG } from './messages.js';
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from './validation.js';
import { LANGUAGES } from './languages.js';

const typedPassword = z
  .string({ error: ACCOUNT_MSG.currentPasswordRequired })
  .min(1, ACCOUNT_MSG.currentPasswordRequired)
  .max(PASSWORD_MAX, ACCOUNT_MSG.currentPasswordWrong);

/** POST /account/password: the current password proves it is the owner; the new one follows the sign-up rules. */
export const changePasswordSchema = z.object({
  currentPassword: typedPassword,
  newPassword: z
    .string({ error: MSG.register.passwordRequired })
    .min(PASSWORD_MIN, MSG.register.passwordShort)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** POST /account/email: the new address (pending until its link is opened) and the current password. */
export const changeEmailSchema = z.object({
  password: typedPassword,
  newEmail: z
    .string({ error: MSG.register.emailInvalid })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, MSG.register.emailInvalid)
    .regex(EMAIL_PATTERN, MSG.register.emailInvalid),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;

/** The e-mailed token: 32 random bytes, base64url. */
export const verifyEmailSchema = z.object({
  token: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MSG.linkInvalid),
});

export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `already-verified`: the link was used before, and the address it proves is still the account's, verified. */
  status: z.enum(['verified', 'already-verified']),
  /** The address the link verified. */
  email: z.string(),
});

/** GET /account/security: the account's address, whether it is verified, and a change waiting for its link. */
export const accountSecuritySchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** GET /account/sessions: the user's live sessions, newest activity first. `id` is not the token's hash. */
export const accountSessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      /** "Chrome on Windows" */
      device: z.string(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type AccountSession = z.infer<typeof accountSessionsSchema>['sessions'][number];

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_MSG.sessionNotFound }) });

export const revokeSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number().int(),
});

/** GET /account/sign-ins: the newest 20 sign-ins and failed attempts. */
export const signInHistorySchema = z.object({
  signIns: z.array(
    z.object({
      at: z.string(),
      ip: z.string().nullable(),
      device: z.string(),
      /** 'password-only': the password was right, but no valid two-factor code followed (wrong, or none yet). */
      outcome: z.enum(['success', 'failed', 'password-only']),
    }),
  ),
});
export type SignInEntry = z.infer<typeof signInHistorySchema>['signIns'][number];
export type SignInOutcome = SignInEntry['outcome'];
/** Each outcome in the words Recent sign-ins shows: a new outcome needs its words here (the type asks for them). */
export const SIGN_IN_OUTCOME_LABEL: Record<SignInOutcome, string> = {
  success: 'Signed in',
  failed: 'Failed attempt',
  'password-only': 'Password correct, code not given or wrong',
};

/**
 * PUT /account/language: the account's language (DESIGN D19); a code we do not offer is refused in words a person
 * understands rather than zod's list of options.
 */
export const accountLanguageRequestSchema = z
  .object({ language: z.enum(LANGUAGES, { error: ACCOUNT_MSG.languageInvalid }) })
  .strict();
export type AccountLanguageRequest = z.infer<typeof accountLanguageRequestSchema>;
export const accountLanguageResponseSchema = z.object({ success: z.literal(true), language: z.enum(LANGUAGES) });
