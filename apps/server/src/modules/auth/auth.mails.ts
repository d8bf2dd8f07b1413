import type { Language } from '@svp/shared';
import { COMMON_MAIL_TEXTS, personalMail, type MailRecipient, type OutgoingMail } from '../mail/mailer.js';
import { AUTH_MAIL_TRANSLATIONS } from './auth.mails.i18n.js';

/* Every mail names the operator's one brand (config BRAND), as its subject's first words: `<brand>: …`. */

/** The words of this module's mails, English; auth.mails.i18n.ts holds the other languages (DESIGN D19). */
const en = {
  welcome: {
    subject: 'Welcome',
    ready: (brand: string) =>
      `Your account with ${brand} is ready. Sign in with your e-mail address and the password you chose.`,
    verify: 'Please verify this e-mail address by opening this link (valid for 24 hours):',
    wallet: 'Withdrawals always go to the wallet address you registered; to change it, contact support.',
    risk: 'Investing carries risk: returns are not guaranteed and you can lose capital.',
  },
  otp: {
    subject: 'Your password reset code',
    /** Follows the one-time code's own sentence (COMMON_MAIL_TEXTS.oneTimeCode). */
    validity: 'It is valid for 10 minutes and can be used once.',
    notYou: 'If you did not ask to reset your password, ignore this e-mail: your password stays unchanged.',
  },
};
export type AuthMailTexts = typeof en;
const TEXTS: Record<Language, AuthMailTexts> = { en, ...AUTH_MAIL_TRANSLATIONS };

export const welcomeMail = (brand: string, user: MailRecipient, verifyLink: string | null = null): OutgoingMail => {
  const t = TEXTS[user.language].welcome;
  return personalMail(brand, user, 'welcome', t.subject, [
    t.ready(brand),
    // The sign-up's verification link (ADR 0023) (modules/account), valid 24 hours, single use.
    ...(verifyLink ? [t.verify, verifyLink] : []),
    t.wallet,
    '',
    t.risk,
  ]);
};

export const otpMail = (brand: string, user: MailRecipient, otp: string): OutgoingMail => {
  const t = TEXTS[user.language].otp;
  return personalMail(brand, user, 'password-otp', t.subject, [
    `${COMMON_MAIL_TEXTS[user.language].oneTimeCode(otp)} ${t.validity}`,
    t.notYou,
  ]);
};
