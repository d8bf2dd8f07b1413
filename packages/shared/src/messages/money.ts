/** Dashboard, top-up, plans, withdrawals, earnings and referral texts (SPEC §5), verbatim. Part of MSG (messages.ts). */
export const MONEY_MSG = {
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
    /** The rule when the minimum is $0: nothing to earn first. */
    ruleNoMinimum: 'At maturity you can withdraw the payout to your wallet.',
    ruleBeforeInvesting: (minimum: string) =>
      minimum === '$0'
        ? 'At maturity you can withdraw the payout to your wallet.'
        : `To withdraw to your wallet at maturity you need at least ${minimum} in earnings` +
          '; without them you can move the matured plan to your balance.',
    /** The same rule with an example: `count` referrals (a whole number, as text) at `bonus` each. */
    ruleBeforeInvestingWithReferrals: (minimum: string, count: string, bonus: string) =>
      minimum === '$0'
        ? 'At maturity you can withdraw the payout to your wallet.'
        : `To withdraw to your wallet at maturity you need at least ${minimum} in earnings` +
          ` (for example ${count} referral${count === '1' ? '' : 's'} at ${bonus} each)` +
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
    // The rule as the sign-up page, the home and the FAQ show it (GET /config referralText), built from what is paid.
    paused: 'Referral bonuses are paused at the moment.',
    inviteOnSignup: (bonus: string) =>
      `Invite a friend with your referral code: when they sign up, you each receive ${bonus}.`,
    inviteOnInvestment: (bonus: string) =>
      `Invite a friend with your referral code: when they start their first investment, you each receive ${bonus}.`,
    bonusBoth: (usd: string, svp: string) => `${usd} plus ${svp} SVP tokens`,
    bonusSvp: (svp: string) => `${svp} SVP tokens`,
    bonusNothing: 'nothing',
  },
} as const;
