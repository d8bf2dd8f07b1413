import type { Language } from '@svp/shared';
import { COMMON_MAIL_TEXTS, personalMail, type MailRecipient, type OutgoingMail } from '../mail/mailer.js';
import { TWO_FACTOR_MAIL_TRANSLATIONS } from './two-factor.mails.i18n.js';

/* Security mails about the second factor: never switched off (DESIGN D17). */

/** A sign-in attempt a mail lists: when, from what, from where. */
type Attempt = { at: Date; device: string; ip: string | null };

/** The words of this module's mails, English; two-factor.mails.i18n.ts holds the other languages (DESIGN D19). */
const en = {
  reset: {
    subject: 'Two-factor authentication was removed from your account',
    lines: [
      'Our support team removed two-factor authentication from your account, usually because its owner lost their',
      'authenticator app and recovery codes.',
      'You now sign in with your password alone. Set it up again under Settings → Security.',
      '',
      'If you did not ask for this, change your password now and contact support through Messages.',
    ],
  },
  changed: {
    subject: (on: boolean) => `Two-factor authentication was turned ${on ? 'on' : 'off'}`,
    on: (at: string) =>
      `Two-factor authentication was turned on for your account on ${at}. Signing in now takes ` +
      'your password and a code from your authenticator app; every other session was signed out.',
    off: (at: string) =>
      `Two-factor authentication was turned off for your account on ${at}. Your password alone ` +
      'now signs in. You can turn it on again under Settings → Security.',
  },
  passwordWithoutCode: {
    subject: 'Someone entered your password',
    once: 'Someone entered the correct password of your account, but not a valid two-factor code, so they were not signed in:',
    times: (count: number) =>
      `Someone entered the correct password of your account ${count} times, but not a valid two-factor code, so they were not signed in:`,
    attempt: (at: string, device: string, ip: string | null) => `- ${at}: ${device}${ip ? `, address ${ip}` : ''}`,
    notYou:
      'If this was not you, your password is known to someone else: change it now under Settings → Security and ' +
      'contact support. Your second factor kept them out.',
    wasYou: 'If it was you and you stopped at the code, you can ignore this e-mail.',
  },
};
export type TwoFactorMailTexts = typeof en;
const TEXTS: Record<Language, TwoFactorMailTexts> = { en, ...TWO_FACTOR_MAIL_TRANSLATIONS };

/** Told to the user when an admin removed their second factor. */
export const twoFactorResetMail = (brand: string, user: MailRecipient): OutgoingMail => {
  const t = TEXTS[user.language].reset;
  return personalMail(brand, user, 'two-factor-reset', t.subject, [...t.lines]);
};

/** The user turned their second factor on or off in Settings. */
export const twoFactorChangedMail = (brand: string, user: MailRecipient, on: boolean, at: Date): OutgoingMail => {
  const t = TEXTS[user.language].changed;
  const { moment, securityFooter } = COMMON_MAIL_TEXTS[user.language];
  return personalMail(brand, user, 'account-security', t.subject(on), [
    on ? t.on(moment(at)) : t.off(moment(at)),
    securityFooter,
  ]);
};

/**
 * Someone gave the account's password but not a valid second-factor code (a wrong one, or none) and the sign-in
 * never finished: the clearest sign the password is known to someone else. One mail covers the attempts it lists.
 */
export const passwordWithoutCodeMail = (brand: string, user: MailRecipient, attempts: Attempt[]): OutgoingMail => {
  const t = TEXTS[user.language].passwordWithoutCode;
  const { moment } = COMMON_MAIL_TEXTS[user.language];
  return personalMail(brand, user, 'account-security', t.subject, [
    attempts.length === 1 ? t.once : t.times(attempts.length),
    ...attempts.map((a) => t.attempt(moment(a.at), a.device, a.ip)),
    '',
    t.notYou,
    t.wasYou,
  ]);
};
