import { MSG } from './messages.js';

/**
 * SPEC §5: "Email must look like {email}". One strict rule for the browser and the server: an ASCII address
 * as people type them. Local part of letters, digits and _ + ' - in dot-separated runs (at most 64); a
 * domain of letters, digits and inner hyphens with a letter TLD (or an xn-- one). Quotes, brackets, angle
 * brackets, commas and the like are refused, so no address can carry markup into a mail or a screen.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** The one spelling an address is stored and compared in: trimmed, lower case (the rule above is ASCII). */
export const normalizeEmail = (text: string): string => text.trim().toLowerCase();

/** Whether typed text is an e-mail address under the shared rule (after normalising). */
export const isEmail = (text: string): boolean => {
  const email = normalizeEmail(text);
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
};
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
  if (!isEmail(form.email)) errors.email = MSG.register.emailInvalid;
  if (!form.password) errors.password = MSG.register.passwordRequired;
  if (form.password.length < PASSWORD_MIN) errors.password = MSG.register.passwordShort;
  if (!form.termsChecked) errors.termsChecked = MSG.register.termsRequired;
  if (Object.keys(errors).length === 0 && form.password !== form.confirmPassword) {
    errors.confirmPassword = MSG.register.passwordsMismatch;
  }
  return errors;
}

/**
 * The rule a typed amount breaks besides "a number greater than 0", named for the person who typed it
 *: a dollar amount has at most 2 decimals, SVP tokens are whole. Null when it breaks neither; the
 * caller's own message (the spec's "Invalid amount to convert.", …) covers text that is not a number at all.
 */
export function amountPrecisionError(text: string, asset: 'USD' | 'SVP'): string | null {
  const fraction = /^\s*\d+\.(\d+)\s*$/.exec(text)?.[1];
  if (fraction === undefined) return null;
  if (asset === 'SVP') return MSG.common.tokensWhole;
  return fraction.length > 2 ? MSG.common.amountDecimals : null;
}

/** SPEC §5 admin lookup: letters, digits, dot, underscore, hyphen; domain; TLD of 2 to 6 letters. */
export const ADMIN_EMAIL_PATTERN = /^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,6}$/;
