/** The treasury (DESIGN D16): what the chain holds beside what the ledger owes, and the treasury command's answers. */
import { z } from 'zod';
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
export const treasuryRunSchema = z.object({
  command: treasuryCommandSchema,
  dryRun: z.boolean(),
  actions: z.array(treasuryActionSchema),
  /** BNB the run spent or, dry, would spend on gas. */
  gas: z.string(),
});
export type TreasuryRun = z.infer<typeof treasuryRunSchema>;

export const unmatchedTransferSchema = z.object({
  txHash: z.string(),
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
    /** Users' USD balances, earnings, fund and pending withdrawals (what they could ask for now). */
    now: decimalString,
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
});
export type TreasuryReport = z.infer<typeof treasuryReportSchema>;
