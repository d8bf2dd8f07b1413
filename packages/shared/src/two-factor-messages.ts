/** Users' optional second factor (ADR 0024): the texts both sides show. Admins' texts stay in MSG.totp. */
export const TWO_FACTOR_MSG = {
  enrolStarted: 'Scan the QR code, then enter the 6-digit code your app shows.',
  enabled:
    'Two-factor authentication is on, and your other sessions are signed out. Store your recovery codes safely: they are shown only once.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on for this account.',
  disabled: 'Two-factor authentication is off.',
  passwordRequired: 'Enter your password.',
  passwordWrong: 'That password is not correct.',
  codeRequired: 'Enter a code from your authenticator app or a recovery code.',
  signInRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  reset: "The user's two-factor authentication was removed. They were told by e-mail.",
  resetNotSet: 'This user has no two-factor authentication to remove.',
  resetUsersOnly: "Only an investor's two-factor authentication can be reset here.",
  resetConfirm:
    "Remove this user's two-factor authentication? They will sign in with their password alone until they set it up again.",
} as const;
