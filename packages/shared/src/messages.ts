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
    sent: 'If an account exists for this e-mail, a code is on its way.',
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
  topup: {
    invalidAmount: 'Please enter a valid amount greater than 0',
    walletFetchFailed: 'Failed to fetch wallet address.',
    walletUnavailable: 'Unable to fetch wallet address. Please try again later.',
    confirmFailed: 'Payment confirmation failed. Please try again.',
    requestFailed: 'Error processing request',
    sendFailed: 'There was an error sending the request. Please try again.',
    testPaymentsDisabled: 'Test payments exist only on the simulated chain outside production.',
    flagUnder:
      'This payment was less than the amount to pay. What arrived was credited, minus the $3 fee; send the rest as a new top-up.',
    flagOver: 'This payment was more than the amount to pay. Everything that arrived was credited, minus the $3 fee.',
    flagUnrequested:
      'This payment arrived without an open top-up request. It was credited as received, minus the $3 fee.',
    aboveCeiling: (most: string, ceiling: string) =>
      `Enter an amount of at most ${most}: with the $3 fee, one payment may be at most ${ceiling}.`,
    rejectedAboveCeiling: (received: string, ceiling: string) =>
      `Not credited: ${received} USDT is above the ceiling of ${ceiling} for one payment. Follow it up with the user.`,
    rejectedFailed: (detail: string) =>
      `Not credited: it could not be recorded (${detail}). Follow it up with the user.`,
  },
  invest: {
    activePlan: (tier: string) =>
      `You already have an active ${tier} plan. Please wait until your current plan matures before starting a new one.`,
    maturedPlan: (tier: string) =>
      `Your ${tier} plan has matured. Withdraw it, or move it to your balance on the Withdraw page, before starting a new one.`,
    missingPlan: 'Please select both a plan and a duration.',
    belowMinimum: (min: string) => `Amount must be at least $${min}`,
    userNotFound: 'User details not found.',
    insufficient: 'Insufficient balance.',
    durationDisabled: 'This duration is not available yet.',
    failed: 'An error occurred while updating the balance.',
    success: 'Your investment has started.',
  },
  withdraw: {
    failed: 'Failed to process the withdrawal.',
    error: 'There was an error processing your request. Please try again later.',
    notMatured: (days: number) => `Your plan matures in ${days} day${days === 1 ? '' : 's'}.`,
    noPlan: 'You have no active plan to withdraw.',
    earningsTooLow: 'You need at least $5 in earnings to withdraw.',
    /** The same rule for an operator-configured minimum (MIN_WITHDRAWAL_EARNINGS_USD); "$5" gives the spec's text. */
    earningsNeeded: (amount: string) => `You need at least ${amount} in earnings to withdraw.`,
    /**
     * Said before a plan is confirmed: what a withdrawal to the wallet at maturity needs, with the
     * configured figures. `referrals` is how many referral bonuses reach the minimum, or null when paused.
     */
    ruleBeforeInvesting: (minimum: string, referrals: { count: number; bonus: string } | null) =>
      minimum === '$0'
        ? 'At maturity you can withdraw the payout to your wallet.'
        : `To withdraw to your wallet at maturity you need at least ${minimum} in earnings` +
          (referrals
            ? ` (for example ${referrals.count} referral${referrals.count === 1 ? '' : 's'} at ${referrals.bonus} each)`
            : '') +
          '; without them you can move the matured plan to your balance.',
    nothingExpected: 'There is no expected withdrawal to pay out.',
    alreadyMatured: 'Your plan has matured: use Withdraw instead of breaking it.',
    // Not in the spec: a matured plan can always leave the plan, even without the $5 of earnings a
    // withdrawal to the wallet needs (ADR 0013).
    movedToBalance: (amount: string) =>
      `${amount} from your matured plan is now in your balance. You can start a new plan with it.`,
    success: 'Your withdrawal request has been received. Funds arrive within 48 hours (business days).',
    notPending: 'This withdrawal is no longer pending.',
    // Not in the spec: the admin approves, the treasury pays, the chain confirms (DESIGN D16).
    notApproved: 'This withdrawal is not approved for payment.',
    payoutInFlight: 'A payout for this withdrawal has been sent: wait for the chain to confirm or drop it.',
    txHashInvalid: 'Enter the on-chain transaction hash (0x and 64 hex digits).',
    reasonRequired: 'Please give a reason for the rejection.',
  },
  earnings: {
    emailRequired: 'Email is required to fetch earnings.',
    failed: 'Failed to fetch earnings.',
    error: 'An error occurred. Please try again later.',
  },
  referral: {
    fetchFailed: 'Failed to fetch referral code.',
    saveError: 'Error saving referral code.',
    saveFailed: 'Failed to save referral code.',
    customInvalid: 'Custom code can only include letters, numbers, and underscores.',
    taken: 'This referral code is already taken. Please choose another.',
    alreadySet: 'You already have a referral code.',
    saved: 'Referral code saved.',
    tooLong: 'Custom code can be at most 20 characters.',
  },
  rewards: {
    dailyClaimed: 'Daily coins claimed!',
    dailyFailed: 'Failed to claim daily bonus.',
    dailyError: 'Error claiming daily bonus.',
    noDailyCoins: 'There are no daily coins to claim yet.',
    welcomeUpdated: 'Welcome reward status updated!',
    welcomeAlready: 'You have already received the welcome reward.',
    statusFailed: 'Failed to fetch reward status',
    statusUnclaimed: 'Complete the Telegram task to receive 20,000 coins.',
    statusClaimed: 'Welcome reward claimed.',
  },
  bot: {
    activated: 'Bot activated successfully.',
    failed: 'Bot activation failed.',
    error: 'Error activating bot. Please try again.',
    needCoins: 'You need at least 500,000 coins to activate the bot.',
    needBalance: 'You need at least $5 to activate the bot.',
    hint: 'You need 500,000 SVP Coins or $5 to activate the bot.',
    needPlan: 'Please select a plan to activate the bot.',
    alreadyActive: 'The bot is already active.',
    paused: 'The bot is paused: the daily upkeep of 100,000 coins could not be paid. Activate it again to resume.',
    simulated: 'Simulated market — not live trading',
  },
  taps: {
    saved: 'Coins saved and Balance updated!',
    saveError: 'Error saving Coins, please try again.',
    loadFailed: 'Failed to load total Coins from server.',
    noEmail: 'User email not found. Cannot save clicks.',
    none: 'No Coin to save.',
    tooFast: 'That is more taps than anyone could make since your last save. Please tap at a human pace.',
    tooManyForOneSave: (max: number, seconds: number) =>
      `One save can hold at most ${max.toLocaleString('en-US')} taps (${seconds} seconds of tapping). Please save more often.`,
    dailyCap: (cap: number) =>
      `You have reached today's limit of ${cap.toLocaleString('en-US')} taps. Come back tomorrow.`,
  },
  staking: {
    failed: 'Staking request failed.',
    error: 'An error occurred.',
    convertInvalid: 'Invalid amount to convert.',
    insufficientBalance: 'Insufficient balance.',
    insufficientFund: 'Insufficient fund balance.',
    buyInvalid: 'Invalid amount to buy tokens.',
    buyMinimum: 'You must buy at least $1 worth of SVP tokens.',
    sellInvalid: 'Invalid amount to sell tokens.',
    insufficientTokens: 'Insufficient SVP tokens.',
    stakeInvalid: 'Invalid staking amount.',
    stakeInsufficient: 'Insufficient SVP tokens in your wallet.',
    stakeActive: 'You already have an active stake. Wait until it ends.',
    noEarnings: 'No earnings to withdraw.',
    transferInvalid: 'Invalid transfer amount.',
    transferInsufficient: 'Insufficient fund balance to transfer.',
    transferSelf: 'Cannot transfer funds to yourself.',
    transferUnknown: 'Recipient user does not exist.',
    staked: 'Tokens successfully staked!',
    bought: (tokens: string, usd: string) => `Successfully purchased ${tokens} SVP tokens for $${usd} USD.`,
    sold: (tokens: string, usd: string) => `Successfully sold ${tokens} SVP tokens for $${usd}!`,
    converted: (usd: string, toFund: boolean) => `Moved $${usd} to your ${toFund ? 'fund balance' : 'balance'}.`,
    withdrawn: (usd: string) => `$${usd} of staking earnings moved to your balance.`,
    transferred: (usd: string, to: string) => `Transferred $${usd} to ${to}.`,
  },
  tickets: {
    empty: 'Subject and message cannot be empty.',
    limit: 'You have reached the limit of 2 messages in 24 hours.',
    failed: 'Failed to send ticket. Please try again.',
    sent: 'Your ticket has been sent. We will reply here.',
    replySent: 'Your reply has been sent.',
    closed: 'This ticket is closed.',
    selectTicket: 'Select a ticket to view details',
    noTickets: 'No tickets found.',
    noMessages: 'No messages yet.',
    loadFailed: 'Failed to load messages',
    replyFailed: 'Failed to send reply',
    ticketClosed: 'Ticket closed.',
  },
  profile: {
    usernameFailed: 'Failed to update username',
    network: 'Network error. Try again later.',
    usernameTaken: 'This username is already taken.',
    usernameInvalid: 'Username must be 3 to 30 letters, digits or underscores.',
    usernameSaved: 'Username updated.',
  },
  admin: {
    emailInvalid: 'Please enter a valid email.',
    emailRequired: 'Please enter an email to fetch user data.',
    notFound: 'No user data found for this email.',
    fetchError: 'Error fetching user data.',
    updateError: 'Error updating user data.',
    updated: 'User info updated successfully.',
    selectField: 'Please select a field and enter a new value.',
    referralUserNotFound: 'User not found',
    referralUpdateFailed: 'Failed to update user',
    referralUpdated: 'User updated successfully!',
    noUsers: 'No users found',
    tableUpdateFailed: 'An error occurred while updating. Please try again.',
    fieldNotEditable: 'This field cannot be edited here.',
    invalidValue: 'This value is not valid for the field.',
    emailTaken: 'Another account already uses this e-mail.',
    phoneTaken: 'Another account already uses this phone number.',
    adjustReasonRequired: 'Please give a reason for the adjustment.',
    adjustInvalid: 'Enter an amount greater than 0 in digits, with at most 2 decimals (whole tokens for SVP).',
    adjustInsufficient: 'The account does not hold that much.',
    adjusted: 'Balance adjusted.',
    selfDemote: 'You cannot remove your own admin role or disable yourself.',
    reauthRequired: 'Enter your password to change your own e-mail or wallet.',
    // Not in the spec: the Manage Users table pages, sorts and filters, whatever the number of users.
    badCursor: 'This page of the table is out of date: start again from the first page.',
  },
  // Not in the spec: a hand-entered payout hash is checked on chain before it is accepted (DESIGN D16).
  payoutCheck: {
    notFound: 'No transaction with this hash is on the chain.',
    failed: 'This transaction failed on chain: it moved no USDT.',
    otherToken: 'This transaction moved no USDT (it is another token or no token transfer).',
    notFromTreasury: 'This USDT transfer did not come from the treasury address.',
    otherRecipient: "This USDT transfer went to another address than the user's wallet on file.",
    otherAmount: (sent: string, due: string) => `This transfer sent ${sent} USDT; the payout is ${due} USDT.`,
    unconfirmed: (have: number, need: number) =>
      `This transfer has ${have} of the ${need} confirmations needed. Try again in a minute.`,
    alreadyUsed: 'This transfer has already been recorded for another payment.',
    noChain: 'Payouts cannot be checked: no chain is configured.',
  },
  treasury: {
    balanced: 'On-chain holdings cover what the ledger owes.',
    surplus: (amount: string) => `The chain holds ${amount} more than the ledger owes.`,
    shortfall: (amount: string) => `The chain holds ${amount} less than the ledger owes: fund the treasury.`,
    notRefreshed: 'The watcher has not read the chain yet.',
    unmatched: 'USDT left the treasury without matching an approved withdrawal.',
    unmatchedAcknowledged: 'The transfer is explained: it no longer raises the alert. Your note is in the audit log.',
    unmatchedNotFound: 'No unmatched transfer with this hash and log index.',
    runNotFound: 'No treasury run with this id.',
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
  common: {
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
    unauthenticated: 'Please log in to continue.',
    forbidden: 'You do not have permission to do this.',
    csrf: 'Your session form token is missing or expired. Please reload the page and try again.',
    notFound: 'Not found.',
    invalidPath: 'This address is not valid.',
    invalidInput: 'Some fields are invalid.',
    amountTooLarge: (ceiling: string) => `Enter an amount of at most ${ceiling}: larger amounts are not accepted.`,
    amountDecimals: 'Enter the amount with at most 2 decimals (whole cents), like 25 or 25.50.',
    tokensWhole: 'Enter a whole number of SVP tokens, without decimals.',
    idempotencyMismatch: 'This request key was already used for a different request.',
    requestInProgress: 'This request is still being processed. Please wait.',
    requestDoneAnswerLost:
      'This request was already carried out, but its answer was lost in an interruption. Your balances and history show the result.',
    internal: 'Something went wrong on our side. Please try again later.',
    payloadTooLarge: 'The request is too large.',
    screenFailed: 'This page could not be shown',
    screenFailedHint:
      'It may not have finished downloading, or a new version of SVP Invest was just released. Reload the page to try again.',
  },
} as const;

/** Stable error codes the UI switches on (DESIGN §4). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'REAUTH_REQUIRED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ROLE_DENIED',
  'ACCOUNT_DISABLED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'OTP_INVALID',
  'INSUFFICIENT_FUNDS',
  'CONFLICT',
  'PLAN_ACTIVE',
  'NOT_ELIGIBLE',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'PAYOUT_UNVERIFIED',
  'MAINTENANCE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one HTTP status of each error code (DESIGN §4): a code never goes out with two statuses. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  OTP_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ROLE_DENIED: 403,
  ACCOUNT_DISABLED: 403,
  CSRF_FAILED: 403,
  REAUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  INSUFFICIENT_FUNDS: 409,
  CONFLICT: 409,
  PLAN_ACTIVE: 409,
  NOT_ELIGIBLE: 409,
  /** The same Idempotency-Key is still being worked on: retry after Retry-After. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The same Idempotency-Key was used for another request. */
  IDEMPOTENCY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  /** A hand-entered payout hash that the chain does not confirm as this payout. */
  PAYOUT_UNVERIFIED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The platform is read-only for maintenance (DESIGN D18): a user's write is refused, with Retry-After. */
  MAINTENANCE: 503,
};

/**
 * The SQLSTATEs the database's own functions raise (apps/server/sql/functions), by what each means: the server reads
 * them through `sqlError` (apps/server/src/db/pg-errors.ts), never by their codes.
 */
export const SQL_ERRORS = {
  /** A guarded debit would overdraw an account (ledger_post); DETAIL is the account's id. */
  SV001: 'insufficient-funds',
  /** The Idempotency-Key's claim is no longer this attempt's: a later attempt took it over. */
  SV002: 'claim-lost',
  /** A malformed posting (no legs, out of lock order, unbalanced, wrong asset or account): a bug, answered 500. */
  SV003: 'malformed-posting',
  /** What the application read and priced with has changed (a plan, a withdrawal's state): read again, call again. */
  SV004: 'read-changed',
  /** The request's Idempotency-Key exists (api_request_close); the call was rolled back; DETAIL is the user's id. */
  SV005: 'key-exists',
} as const;
export type SqlError = (typeof SQL_ERRORS)[keyof typeof SQL_ERRORS];
