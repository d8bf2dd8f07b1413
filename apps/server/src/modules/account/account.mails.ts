import { personalMail, SECURITY_MAIL_FOOTER as footer, type OutgoingMail } from '../mail/mailer.js';

/*
 * Security mails of the account (ADR 0023). None carries a one-time code in the words
 * "code is 123456" (mailer.ts reads codes by that phrase), and none can be turned off. Each names the operator's
 * one brand (config BRAND) as its subject's first words, as every mail does.
 */

export const verificationMail = (
  brand: string,
  to: string,
  username: string,
  link: string,
  purpose: 'signup' | 'change',
): OutgoingMail =>
  personalMail(
    brand,
    { email: to, username },
    'email-verification',
    purpose === 'signup' ? 'Verify your e-mail address' : 'Confirm your new e-mail address',
    [
      purpose === 'signup'
        ? `Please verify this e-mail address for your account with ${brand} by opening this link:`
        : `You asked to use this address for your account with ${brand}. Confirm it by opening this link:`,
      link,
      '',
      'The link is valid for 24 hours and works once. If you did not ask for it, ignore this e-mail.',
    ],
  );

export const passwordChangedMail = (brand: string, to: string, username: string, at: Date): OutgoingMail =>
  personalMail(brand, { email: to, username }, 'account-security', 'Your password was changed', [
    `The password of your account with ${brand} was changed on ${at.toUTCString()}. Every other signed-in session was signed out.`,
    footer,
  ]);

export const emailChangeRequestedMail = (brand: string, to: string, username: string, newEmail: string): OutgoingMail =>
  personalMail(brand, { email: to, username }, 'account-security', 'A change of your e-mail address was requested', [
    `Someone signed in to your account asked to change its e-mail address to ${newEmail}.`,
    'Nothing changes until that address confirms it through the link we sent to it.',
    footer,
  ]);

export const emailChangedMail = (brand: string, to: string, username: string, newEmail: string): OutgoingMail =>
  personalMail(brand, { email: to, username }, 'account-security', 'Your e-mail address was changed', [
    `The e-mail address of your account with ${brand} is now ${newEmail}. Mail about the account goes there from now on.`,
    footer,
  ]);

export const newDeviceMail = (
  brand: string,
  to: string,
  username: string,
  sign: { device: string; ip: string | null; at: Date },
): OutgoingMail =>
  personalMail(brand, { email: to, username }, 'account-security', 'New sign-in to your account', [
    `Your account was signed in to from a device it has not used before: ${sign.device}` +
      `${sign.ip ? `, address ${sign.ip}` : ''}, on ${sign.at.toUTCString()}.`,
    'You can see and sign out every session under Settings → Security.',
    footer,
  ]);
