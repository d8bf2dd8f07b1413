import type { OutgoingMail } from '../mail/mailer.js';

/** Told to the user when an admin removed their second factor: a security mail, never switched off. */
export const twoFactorResetMail = (user: { email: string; username: string }): OutgoingMail => ({
  to: user.email,
  kind: 'two-factor-reset',
  subject: 'Two-factor authentication was removed from your SVP Invest account',
  body: [
    `Hello ${user.username},`,
    '',
    'Our support team removed two-factor authentication from your account, usually because its owner lost their',
    'authenticator app and recovery codes.',
    'You now sign in with your password alone. Set it up again under Settings → Security.',
    '',
    'If you did not ask for this, change your password now and contact support through Messages.',
  ].join('\n'),
});
