import type { Language } from '@svp/shared';
import { COMMON_MAIL_TEXTS, personalMail, type MailRecipient, type OutgoingMail } from '../mail/mailer.js';
import { ACCOUNT_MAIL_TRANSLATIONS } from './account.mails.i18n.js';

/*
 * Security mails of the account (ADR 0023). None carries a one-time code in the words of
 * COMMON_MAIL_TEXTS.oneTimeCode (mailer.ts reads codes by them), and none can be turned off. Each names the operator's
 * one brand (config BRAND) as its subject's first words, as every mail does.
 */

/** The words of this module's mails, English; account.mails.i18n.ts holds the other languages (DESIGN D19). */
const en = {
  verification: {
    signupSubject: 'Verify your e-mail address',
    changeSubject: 'Confirm your new e-mail address',
    signup: (brand: string) => `Please verify this e-mail address for your account with ${brand} by opening this link:`,
    change: (brand: string) =>
      `You asked to use this address for your account with ${brand}. Confirm it by opening this link:`,
    validity: 'The link is valid for 24 hours and works once. If you did not ask for it, ignore this e-mail.',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    body: (brand: string, at: string) =>
      `The password of your account with ${brand} was changed on ${at}. Every other signed-in session was signed out.`,
  },
  emailChangeRequested: {
    subject: 'A change of your e-mail address was requested',
    asked: (newEmail: string) => `Someone signed in to your account asked to change its e-mail address to ${newEmail}.`,
    until: 'Nothing changes until that address confirms it through the link we sent to it.',
  },
  emailChanged: {
    subject: 'Your e-mail address was changed',
    body: (brand: string, newEmail: string) =>
      `The e-mail address of your account with ${brand} is now ${newEmail}. Mail about the account goes there from now on.`,
  },
  newDevice: {
    subject: 'New sign-in to your account',
    body: (device: string, ip: string | null, at: string) =>
      `Your account was signed in to from a device it has not used before: ${device}` +
      `${ip ? `, address ${ip}` : ''}, on ${at}.`,
    sessions: 'You can see and sign out every session under Settings → Security.',
  },
};
export type AccountMailTexts = typeof en;
const TEXTS: Record<Language, AccountMailTexts> = { en, ...ACCOUNT_MAIL_TRANSLATIONS };

export const verificationMail = (
  brand: string,
  to: MailRecipient,
  link: string,
  purpose: 'signup' | 'change',
): OutgoingMail => {
  const t = TEXTS[to.language].verification;
  return personalMail(brand, to, 'email-verification', purpose === 'signup' ? t.signupSubject : t.changeSubject, [
    purpose === 'signup' ? t.signup(brand) : t.change(brand),
    link,
    '',
    t.validity,
  ]);
};

export const passwordChangedMail = (brand: string, to: MailRecipient, at: Date): OutgoingMail => {
  const t = TEXTS[to.language].passwordChanged;
  const { moment, securityFooter } = COMMON_MAIL_TEXTS[to.language];
  return personalMail(brand, to, 'account-security', t.subject, [t.body(brand, moment(at)), securityFooter]);
};

export const emailChangeRequestedMail = (brand: string, to: MailRecipient, newEmail: string): OutgoingMail => {
  const t = TEXTS[to.language].emailChangeRequested;
  return personalMail(brand, to, 'account-security', t.subject, [
    t.asked(newEmail),
    t.until,
    COMMON_MAIL_TEXTS[to.language].securityFooter,
  ]);
};

export const emailChangedMail = (brand: string, to: MailRecipient, newEmail: string): OutgoingMail => {
  const t = TEXTS[to.language].emailChanged;
  return personalMail(brand, to, 'account-security', t.subject, [
    t.body(brand, newEmail),
    COMMON_MAIL_TEXTS[to.language].securityFooter,
  ]);
};

export const newDeviceMail = (
  brand: string,
  to: MailRecipient,
  sign: { device: string; ip: string | null; at: Date },
): OutgoingMail => {
  const t = TEXTS[to.language].newDevice;
  const { moment, securityFooter } = COMMON_MAIL_TEXTS[to.language];
  return personalMail(brand, to, 'account-security', t.subject, [
    t.body(sign.device, sign.ip, moment(sign.at)),
    t.sessions,
    securityFooter,
  ]);
};
