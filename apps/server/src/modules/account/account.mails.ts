import type { OutgoingMail } from '../mail/mailer.js';

/*
 * Security mails of the account (issue 18 parts 2 and 3). None carries a one-time code in the words
 * "code is 123456" (mailer.ts reads codes by that phrase), and none can be turned off.
 */

const footer = 'If this was not you, reset your password at once from the sign-in page and contact support.';

export const verificationMail = (
  to: string,
  username: string,
  link: string,
  purpose: 'signup' | 'change',
): OutgoingMail => ({
  to,
  kind: 'email-verification',
  subject:
    purpose === 'signup' ? 'Verify your SVP Invest e-mail address' : 'Confirm your new SVP Invest e-mail address',
  body: [
    `Hello ${username},`,
    '',
    purpose === 'signup'
      ? 'Please verify this e-mail address for your SVP Invest account by opening this link:'
      : 'You asked to use this address for your SVP Invest account. Confirm it by opening this link:',
    link,
    '',
    'The link is valid for 24 hours and works once. If you did not ask for it, ignore this e-mail.',
  ].join('\n'),
});

export const passwordChangedMail = (to: string, username: string, at: Date): OutgoingMail => ({
  to,
  kind: 'account-security',
  subject: 'Your SVP Invest password was changed',
  body: [
    `Hello ${username},`,
    '',
    `The password of your SVP Invest account was changed on ${at.toUTCString()}. Every other signed-in session was signed out.`,
    footer,
  ].join('\n'),
});

export const emailChangeRequestedMail = (to: string, username: string, newEmail: string): OutgoingMail => ({
  to,
  kind: 'account-security',
  subject: 'A change of your SVP Invest e-mail address was requested',
  body: [
    `Hello ${username},`,
    '',
    `Someone signed in to your account asked to change its e-mail address to ${newEmail}.`,
    'Nothing changes until that address confirms it through the link we sent to it.',
    footer,
  ].join('\n'),
});

export const emailChangedMail = (to: string, username: string, newEmail: string): OutgoingMail => ({
  to,
  kind: 'account-security',
  subject: 'Your SVP Invest e-mail address was changed',
  body: [
    `Hello ${username},`,
    '',
    `The e-mail address of your SVP Invest account is now ${newEmail}. Mail about the account goes there from now on.`,
    footer,
  ].join('\n'),
});

export const newDeviceMail = (
  to: string,
  username: string,
  sign: { device: string; ip: string | null; at: Date },
): OutgoingMail => ({
  to,
  kind: 'account-security',
  subject: 'New sign-in to your SVP Invest account',
  body: [
    `Hello ${username},`,
    '',
    `Your account was signed in to from a device it has not used before: ${sign.device}` +
      `${sign.ip ? `, address ${sign.ip}` : ''}, on ${sign.at.toUTCString()}.`,
    'You can see and sign out every session under Settings → Security.',
    footer,
  ].join('\n'),
});
