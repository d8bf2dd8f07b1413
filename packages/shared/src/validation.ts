import { MSG } from './messages.js';

/** SPEC §5: "Email must look like {email}". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A BEP-20 (EVM) address: 0x and 40 hex digits. */
export const WALLET_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export interface RegistrationForm {
  email: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  walletAddress: string;
  termsChecked: boolean;
}

export type RegistrationField = keyof RegistrationForm;

/**
 * The sign-up page's checks, in the spec's order (SPEC §5): all shown together; the password
 * match is checked only when every other check passed. Returns {} when the form may be sent.
 */
export function validateRegistrationForm(form: RegistrationForm): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (!form.walletAddress.trim()) errors.walletAddress = MSG.register.walletRequired;
  if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = MSG.register.emailInvalid;
  if (!form.password) errors.password = MSG.register.passwordRequired;
  if (form.password.length < PASSWORD_MIN) errors.password = MSG.register.passwordShort;
  if (!form.termsChecked) errors.termsChecked = MSG.register.termsRequired;
  if (Object.keys(errors).length === 0 && form.password !== form.confirmPassword) {
    errors.confirmPassword = MSG.register.passwordsMismatch;
  }
  return errors;
}

/** SPEC §5 admin lookup: letters, digits, dot, underscore, hyphen; domain; TLD of 2 to 6 letters. */
export const ADMIN_EMAIL_PATTERN = /^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,6}$/;
