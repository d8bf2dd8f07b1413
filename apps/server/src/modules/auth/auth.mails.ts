import { personalMail, type OutgoingMail } from '../mail/mailer.js';
import type { UserRow } from '../users/users.repository.js';

/* Every mail names the operator's one brand (config BRAND), as its subject's first words: `<brand>: …`. */

export const welcomeMail = (brand: string, user: UserRow, verifyLink: string | null = null): OutgoingMail =>
  personalMail(brand, user, 'welcome', 'Welcome', [
    `Your account with ${brand} is ready. Sign in with your e-mail address and the password you chose.`,
    // The sign-up's verification link (ADR 0023) (modules/account), valid 24 hours, single use.
    ...(verifyLink ? ['Please verify this e-mail address by opening this link (valid for 24 hours):', verifyLink] : []),
    'Withdrawals always go to the wallet address you registered; to change it, contact support.',
    '',
    'Investing carries risk: returns are not guaranteed and you can lose capital.',
  ]);

export const otpMail = (brand: string, user: UserRow, otp: string): OutgoingMail =>
  personalMail(brand, user, 'password-otp', 'Your password reset code', [
    `Your one-time code is ${otp}. It is valid for 10 minutes and can be used once.`,
    'If you did not ask to reset your password, ignore this e-mail: your password stays unchanged.',
  ]);
