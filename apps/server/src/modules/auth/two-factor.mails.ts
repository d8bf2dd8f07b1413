import { personalMail, SECURITY_MAIL_FOOTER as footer, type OutgoingMail } from '../mail/mailer.js';

/* Security mails about the second factor: never switched off (DESIGN D17). */

type Recipient = { email: string; username: string };

/** Told to the user when an admin removed their second factor. */
export const twoFactorResetMail = (brand: string, user: Recipient): OutgoingMail =>
  personalMail(brand, user, 'two-factor-reset', 'Two-factor authentication was removed from your account', [
    'Our support team removed two-factor authentication from your account, usually because its owner lost their',
    'authenticator app and recovery codes.',
    'You now sign in with your password alone. Set it up again under Settings → Security.',
    '',
    'If you did not ask for this, change your password now and contact support through Messages.',
  ]);

/** The user turned their second factor on or off in Settings. */
export const twoFactorChangedMail = (brand: string, user: Recipient, on: boolean, at: Date): OutgoingMail =>
  personalMail(brand, user, 'account-security', `Two-factor authentication was turned ${on ? 'on' : 'off'}`, [
    on
      ? `Two-factor authentication was turned on for your account on ${at.toUTCString()}. Signing in now takes ` +
        'your password and a code from your authenticator app; every other session was signed out.'
      : `Two-factor authentication was turned off for your account on ${at.toUTCString()}. Your password alone ` +
        'now signs in. You can turn it on again under Settings → Security.',
    footer,
  ]);

/**
 * Someone gave the account's password but not a valid second-factor code (a wrong one, or none) and the sign-in
 * never finished: the clearest sign the password is known to someone else. One mail covers the attempts it lists.
 */
export const passwordWithoutCodeMail = (
  brand: string,
  user: Recipient,
  attempts: { at: Date; device: string; ip: string | null }[],
): OutgoingMail =>
  personalMail(brand, user, 'account-security', 'Someone entered your password', [
    attempts.length === 1
      ? 'Someone entered the correct password of your account, but not a valid two-factor code, so they were not signed in:'
      : `Someone entered the correct password of your account ${attempts.length} times, but not a valid two-factor code, so they were not signed in:`,
    ...attempts.map((a) => `- ${a.at.toUTCString()}: ${a.device}${a.ip ? `, address ${a.ip}` : ''}`),
    '',
    'If this was not you, your password is known to someone else: change it now under Settings → Security and ' +
      'contact support. Your second factor kept them out.',
    'If it was you and you stopped at the code, you can ignore this e-mail.',
  ]);
