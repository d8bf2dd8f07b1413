/** The treasury (DESIGN D16): what the chain holds beside what the ledger owes, and the treasury command's answers. */
import { z } from 'zod';
import { figuresAsOfField } from './figures-age.js';
import { MSG } from './messages.js';
import { decimalString } from './schemas.js';

export const treasuryCommandSchema = z.enum(['sweep', 'payouts']);
export type TreasuryCommand = z.infer<typeof treasuryCommandSchema>;

/** One line of what a treasury command did or, in a dry run, would do. */
export const treasuryActionSchema = z.object({
  kind: z.enum(['gas', 'sweep', 'payout']),
  /** A deposit address (gas, sweep) or a withdrawal id (payout). */
  subject: z.string(),
  to: z.string(),
  /** USDT for sweeps and payouts, BNB for gas. */
  amount: z.string(),
  txHash: z.string().nullable(),
  /** sent, confirmed, already done, skipped (and why), planned (dry run), dropped. */
  outcome: z.string(),
});
/** An approved withdrawal a payouts run left unpaid, and why (DESIGN D16: the run names every one). */
export const treasuryUnpaidSchema = z.object({
  withdrawalId: z.string(),
  wallet: z.string(),
  /** USDT. */
  amount: z.string(),
  approvedAt: z.string().nullable(),
  reason: z.string(),
});
export const treasuryRunSchema = z.object({
  command: treasuryCommandSchema,
  dryRun: z.boolean(),
  actions: z.array(treasuryActionSchema),
  /** BNB the run spent or, dry, would spend on gas. */
  gas: z.string(),
  /** Payouts only (null for a sweep): the approved withdrawals it left unpaid, in USDT. */
  unpaid: z
    .object({
      withdrawals: z.array(treasuryUnpaidSchema),
      /** What they add up to: the total still needed. */
      total: z.string(),
      /** What the treasury had free when the run ended. */
      free: z.string(),
      /** What the treasury must receive before they can all be paid (total − free, at least 0). */
      toFund: z.string(),
    })
    .nullable(),
});
export type TreasuryRun = z.infer<typeof treasuryRunSchema>;

/**
 * A treasury run the development server carries out (POST answers 202 with it at once; GET reads it again):
 * queued while another run holds the treasury lock, running, then done (with its result) or failed.
 */
export const treasuryRunStatusSchema = z.object({
  runId: z.string(),
  command: treasuryCommandSchema,
  dryRun: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** What it has done so far. */
  actions: z.array(treasuryActionSchema),
  result: treasuryRunSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TreasuryRunStatus = z.infer<typeof treasuryRunStatusSchema>;

/** An admin's explanation of a transfer out of the treasury that matched no withdrawal (audited). */
export const unmatchedAcknowledgeSchema = z.object({
  note: z.string().trim().min(3, MSG.treasury.transferNoteRequired).max(500),
});

export const unmatchedTransferSchema = z.object({
  txHash: z.string(),
  logIndex: z.number(),
  to: z.string(),
  amount: decimalString,
  blockNumber: z.string(),
  seenAt: z.string(),
});

export const treasuryReportSchema = z.object({
  chain: z.enum(['simulated', 'bsc']),
  /** Where hashes and addresses can be looked at (`/tx/…`, `/address/…`); null on the simulated chain. */
  explorerUrl: z.string().nullable(),
  treasuryAddress: z.string().nullable(),
  gasWalletAddress: z.string().nullable(),
  /** Null until the watcher has read the chain once. */
  onChain: z
    .object({
      treasuryUsdt: decimalString,
      unsweptUsdt: decimalString,
      unsweptAddresses: z.number(),
      gasBnb: z.string(),
      /** How many more sweeps the gas wallet pays for at the last gas price (null: the chain charges no gas). */
      sweepsCovered: z.number().nullable(),
      total: decimalString,
      refreshedAt: z.string(),
    })
    .nullable(),
  owed: z.object({
    /** Every user USD account: `available` plus `inActivePlans`. */
    now: decimalString,
    /** Balances, earnings, fund balances and pending withdrawals: what users could ask for now. */
    available: decimalString,
    /** Invested in active plans: owed, but locked until each plan ends (or is broken early). */
    inActivePlans: decimalString,
    activePlans: z.number(),
    /** What the active plans and stakes will owe at their end, beyond `now`. */
    atMaturity: decimalString,
    /** Approved withdrawals not yet paid on chain (part of `now`). */
    approvedUnpaid: decimalString,
    approvedCount: z.number(),
    total: decimalString,
  }),
  /** On-chain total minus owed total (negative: a shortfall), and the same in words. */
  difference: decimalString.nullable(),
  summary: z.string(),
  unmatched: z.array(unmatchedTransferSchema),
  /** Payouts sent by the treasury and not yet confirmed or dropped. */
  payoutsInFlight: z.number(),
  /** Whether this server can run the treasury commands itself (simulated chain, outside production). */
  devCommands: z.boolean(),
  /** The chain figures' age when a read replica served them (the rest of the screen reads the primary). */
  ...figuresAsOfField,
});
export type TreasuryReport = z.infer<typeof treasuryReportSchema>;
