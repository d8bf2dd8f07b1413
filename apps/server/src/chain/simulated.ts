import { randomBytes } from 'node:crypto';
import { and, gte, lte, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { simulatedTransfers } from '../db/schema.js';
import type { ChainScanner, ObservedTransfer } from './types.js';

/** Chain id used for the in-process simulated chain (not a real network). */
export const SIMULATED_CHAIN_ID = 31_337_001;
/** Simulated USDT uses BSC's 18 decimals so the same conversion path runs as for real payments. */
export const SIMULATED_DECIMALS = 18;

/**
 * A chain kept in a database table: each test payment is one block. The watcher reads it exactly as
 * it reads BSC, so `npm run chain:pay` and the "Send test payment" button exercise the real ingestion.
 */
export function createSimulatedChain(db: Db, clock: Clock) {
  const scanner: ChainScanner = {
    name: 'simulated',
    chainId: SIMULATED_CHAIN_ID,
    maxRange: 5_000n,
    async safeHead() {
      const [row] = await db
        .select({ head: sql<string>`coalesce(max(${simulatedTransfers.blockNumber}), 0)::text` })
        .from(simulatedTransfers);
      return BigInt(row?.head ?? '0');
    },
    async transfers(fromBlock, toBlock, addresses): Promise<ObservedTransfer[]> {
      if (addresses.length === 0) return [];
      const rows = await db
        .select()
        .from(simulatedTransfers)
        .where(
          and(
            gte(simulatedTransfers.blockNumber, fromBlock),
            lte(simulatedTransfers.blockNumber, toBlock),
            inArray(simulatedTransfers.toAddress, addresses),
          ),
        );
      return rows.map((r) => ({
        chainId: SIMULATED_CHAIN_ID,
        txHash: r.txHash,
        logIndex: 0,
        blockNumber: r.blockNumber,
        to: r.toAddress,
        amountRaw: BigInt(r.amountRaw),
        decimals: SIMULATED_DECIMALS,
      }));
    },
  };

  return {
    scanner,
    /** Appends a payment of `usdtMicro` (USD micro-units) to `to`; returns its transaction hash. */
    async pay(to: string, usdtMicro: bigint): Promise<string> {
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      await db.insert(simulatedTransfers).values({
        txHash,
        toAddress: to.toLowerCase(),
        amountRaw: (usdtMicro * 10n ** BigInt(SIMULATED_DECIMALS - 6)).toString(),
        createdAt: clock.now(),
      });
      return txHash;
    },
  };
}

export type SimulatedChain = ReturnType<typeof createSimulatedChain>;
