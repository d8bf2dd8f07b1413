// No zod here: the dashboard's first screen (the unverified banner) reads these texts without the schemas.

/** Account security (ADR 0023): the texts both sides show. */
export const ACCOUNT_MSG = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  newPasswordSame: 'The new password must differ from the current one.',
  passwordsMismatch: 'Passwords do not match',
  passwordChanged: 'Password changed. Every other session was signed out.',
  passwordChangedMeanwhile: 'Your password was changed meanwhile. Sign in again and retry.',
  emailSame: 'This is already your e-mail address.',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes once you open it (within 24 hours).`,
  verificationSent: (email: string) => `We sent a new verification link to ${email}. It is valid for 24 hours.`,
  alreadyVerified: 'Your e-mail address is already verified.',
  linkInvalid: 'This verification link is invalid, has already been used or has expired. Ask for a new one.',
  linkValid: 'This verification link is valid.',
  verified: 'Your e-mail address is verified.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  emailTakenOnVerify: 'Another account now uses this e-mail address, so it cannot become yours.',
  unverifiedBanner: 'Please verify your e-mail address: we sent you a link.',
  withdrawalsNeedVerifiedEmail:
    'Please verify your e-mail address before requesting a withdrawal: open the link we e-mailed you, or ask for a new one.',
  /** The sidebar's line under "Withdrawable balance" while the rule above blocks a withdrawal. */
  withdrawalsBlockedUnverified: 'Withdrawals wait for your e-mail address to be verified.',
  sessionNotFound: 'This session was not found. It may have ended already.',
  sessionEnded: 'The session was signed out.',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
  /** PUT /account/language with a code outside LANGUAGES (DESIGN D19). */
  languageInvalid: 'Choose one of the languages offered.',
} as const;
