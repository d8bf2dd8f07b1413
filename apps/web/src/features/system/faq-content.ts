import { t } from '@lingui/core/macro';

/**
 * The FAQ (SPEC §1, DESIGN D15): our own text covering every statement of the spec, once each (the spec's
 * list repeats a question; this one has no duplicate). The referral answer comes from the server's
 * configured rule, so it can never disagree with what the ledger pays (it stays as the operator wrote it).
 * Each question and each answer is a message of its own, translated at call time (DESIGN D19).
 */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** Called while rendering: the texts are in the language shown then (the page re-renders on a change). */
export const referralFallback = () => t`The referral rule is shown on your Referral page.`;

export function faqEntries(referralText: string | undefined): FaqEntry[] {
  return [
    {
      id: 'what',
      question: t`What is SVP Invest?`,
      answer: t`A platform where you top up a balance in USDT, pick a fixed-duration investment plan, earn returns and referral bonuses, stake SVP tokens and withdraw to the wallet on file.`,
    },
    {
      id: 'min-investment',
      question: t`What is the minimum investment?`,
      answer: t`The minimum investment is $10 (Standard plan). Silver starts at $20, Gold at $50 and Platinum at $100. Plans run for 45 days.`,
    },
    {
      id: 'topup',
      question: t`How do I top up my balance?`,
      answer: t`Open Top Up, enter the amount and send USDT on the BEP-20 network to the address shown within 15 minutes. A mandatory $3 fee is added: you pay the amount plus $3. Your balance is credited once the payment is confirmed.`,
    },
    {
      id: 'fees',
      question: t`What fees do you charge?`,
      answer: t`Top-ups carry a $3 fee. Each withdrawal costs $2.60 in total: $1 handling, $1 crypto network fee and $0.60 for charity. There are no other fees.`,
    },
    {
      id: 'withdraw-when',
      question: t`When can I withdraw, and how long does it take?`,
      answer: t`You can withdraw when your plan has matured and you have at least $5 of earnings. Withdrawals are processed within 48 hours to 3 days to the wallet address on file. Large withdrawals may need extra verification.`,
    },
    {
      id: 'matured',
      question: t`What can I do when my plan matures?`,
      answer: t`Withdraw it to your wallet (with at least $5 of earnings), or move it to your balance from the Withdraw page: the amount you invested and its profit, with no fees, ready for a new plan.`,
    },
    {
      id: 'sundays',
      question: t`Are withdrawals processed on Sundays?`,
      answer: t`No. Withdrawals are not processed on Sundays; a request made on a Sunday is handled on the next business day.`,
    },
    {
      id: 'break',
      question: t`Can I leave a plan early?`,
      answer: t`Yes, by breaking the investment from the Withdraw page. You then receive 40% of the invested amount minus the $2.60 withdrawal fees.`,
    },
    {
      id: 'bot-cost',
      question: t`What does the trading bot cost?`,
      answer: t`Activating the bot costs $5 from your balance, or it is free if you pay with 500,000 SVP coins instead. You need an active plan to activate it.`,
    },
    {
      id: 'bot-upkeep',
      question: t`How do I keep the bot live?`,
      answer: t`The bot stays live while 100,000 SVP coins are available for it every 24 hours.`,
    },
    {
      id: 'coins',
      question: t`How do I earn coins?`,
      answer: t`Claim the welcome reward of 20,000 coins, claim your daily coins from the dashboard, and tap on the Daily Task page (0.25 coins per tap, saved with "Secure Coins").`,
    },
    {
      id: 'staking',
      question: t`How long does staking last?`,
      answer: t`A stake lasts at least 60 days. While a stake is active you cannot start another one; when it ends you can withdraw what it earned to your balance.`,
    },
    {
      id: 'svp',
      question: t`How do I get SVP tokens?`,
      answer: t`In the Staking Room, buy them from your fund balance: $1 buys 100,000 SVP tokens, with a minimum purchase of $1.`,
    },
    {
      id: 'referral',
      question: t`How does the referral bonus work?`,
      answer: referralText?.trim() || referralFallback(),
    },
    {
      id: 'wallet',
      question: t`How do I change my wallet address?`,
      answer: t`The wallet address cannot be changed from the dashboard. Raise a ticket in Messages and support will change it after checking it is you.`,
    },
    {
      id: 'username',
      question: t`Can I change my username?`,
      answer: t`Yes, in Settings: Edit, enter a new username (3 to 30 letters, digits or underscores), then Save.`,
    },
    {
      id: 'support',
      question: t`How do I contact support?`,
      answer: t`Raise a ticket in Messages (up to 2 in 24 hours). Our team replies in the same thread.`,
    },
    {
      id: 'risk',
      question: t`Are returns guaranteed?`,
      answer: t`No. Returns are not guaranteed and you can lose the capital you invest. Only invest money you can afford to lose. You must be at least 18 and legally able to enter a contract to use SVP Invest.`,
    },
  ];
}
