import { and, eq } from 'drizzle-orm';
import { treasuryTransfers } from './schema.js';

/** What names one treasury transfer: its primary key (the chain, the transaction, the log entry in it). */
export interface TreasuryTransferKey {
  chainId: number;
  txHash: string;
  logIndex: number;
}

/** The where condition of one treasury transfer, read by the watcher's matching and the treasury screen alike. */
export const treasuryTransferIs = (key: TreasuryTransferKey) =>
  and(
    eq(treasuryTransfers.chainId, key.chainId),
    eq(treasuryTransfers.txHash, key.txHash),
    eq(treasuryTransfers.logIndex, key.logIndex),
  );
