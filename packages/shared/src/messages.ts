/**
 * Every user-facing text of the product, verbatim from SPEC §5 and §8, in one place.
 * Server errors and web screens both import from here; never retype a message.
 */
export const MSG = {
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
    sent: 'An OTP has been sent to your email.',
    resetDone: 'Your password has been reset.',
  },
  logout: {
    title: 'Confirm Logout',
    question: 'Are you sure you want to log out?',
  },
  dashboard: {
    loading: 'Loading your dashboard...',
    userNotFound: 'User details not found',
    fetchError: 'Error fetching user details',
    notFound: 'Page Not Found',
  },
  common: {
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
    unauthenticated: 'Please log in to continue.',
    forbidden: 'You do not have permission to do this.',
    csrf: 'Your session form token is missing or expired. Please reload the page and try again.',
    notFound: 'Not found.',
    invalidInput: 'Some fields are invalid.',
    idempotencyMismatch: 'This request key was already used for a different request.',
    internal: 'Something went wrong on our side. Please try again later.',
    payloadTooLarge: 'The request is too large.',
  },
} as const;

/** Stable error codes the UI switches on (DESIGN §4). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ROLE_DENIED',
  'ACCOUNT_DISABLED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'OTP_SEND_FAILED',
  'OTP_INVALID',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_MISMATCH',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
