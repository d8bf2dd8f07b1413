/** Sign-up, sign-in, one-time codes and two-factor texts (SPEC §5), verbatim. Part of MSG (messages.ts). */
export const AUTH_MSG = {
  register: {
    walletRequired: 'Wallet Address is required.',
    walletInvalid: 'Wallet address must be a valid BEP-20 address.',
    emailInvalid: 'Invalid email format.',
    emailTaken: 'This email is already registered.',
    passwordRequired: 'Password is required.',
    passwordShort: 'Password must be at least 8 characters.',
    termsRequired: 'You must agree to the terms and conditions.',
    passwordsMismatch: 'Passwords do not match!',
    referralUnknown: 'Referral code not found.',
    success: 'User registered successfully!',
    unknownError: 'An unknown error occurred. Please try again later.',
    networkError:
      'An error occurred while submitting the form. Please check your network connection or try again later.',
  },
  login: {
    bothRequired: 'Please enter both email/phone and password.',
    invalid: 'Invalid credentials or user not found. Please sign up.',
    httpErrorDefault: 'An error occurred while logging in. Please try again.',
    network: 'Network error. Please check your internet connection.',
    userOnly: 'Access denied: You must be a user to access this page.',
    disabled: 'Your account is disabled. Please contact support.',
  },
  adminLogin: {
    invalid: 'Invalid credentials or user not found.',
    adminOnly: 'Access denied: Only admins can log in here.',
  },
  otp: {
    sendFailed: 'Email not found or error sending OTP',
    connection: 'Error connecting to the server',
    verifyFailed: 'OTP verification failed',
    allRequired: 'Please fill in all fields.',
    passwordsMismatch: 'Passwords do not match',
    sent: 'If an account exists for this e-mail, a code is on its way.',
    resetDone: 'Your password has been reset.',
  },
  logout: {
    title: 'Confirm Logout',
    question: 'Are you sure you want to log out?',
  },
  totp: {
    setupRequired: 'Set up two-factor authentication to continue.',
    codeRequired: 'Enter the 6-digit code from your authenticator app.',
    invalid: 'That code is not valid. Try the current code or a recovery code.',
    enabled: 'Two-factor authentication is on. Store your recovery codes safely.',
    verified: 'Signed in.',
    reauthRequired: 'To change your own e-mail or wallet, confirm it is you with a fresh authenticator code.',
    reauthenticated: 'Confirmed. You can make the change now.',
  },
} as const;
