import { formatUsdShort, MSG, tokenToMicro, usdText, type TreasuryReport } from '@svp/shared';
import type { ChainScanner } from '../../chain/types.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { LagTolerantReads } from '../../db/read-replica.js';
import { errors } from '../../http/errors.js';
import type { Actor } from '../../http/session.js';
import type { AuditLog } from '../audit/audit.js';
import { treasuryRepository as repo } from './treasury.repository.js';

/** How often the watcher re-reads the chain's holdings for the treasury screen. */
export const TREASURY_REFRESH_MS = 60_000;

/** Wei as BNB with up to 6 decimals (rounded down: the gas wallet never looks richer than it is). */
function bnbText(wei: bigint): string {
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '');
  return fraction ? `${wei / 10n ** 18n}.${fraction}` : `${wei / 10n ** 18n}`;
}

/**
 * The treasury screen (DESIGN D16): what the chain holds (treasury, unswept deposit addresses, the gas wallet)
 * beside what the ledger owes. The watcher refreshes the chain's side; the page only reads the stored snapshot.
 */
export function createTreasuryService(deps: {
  db: Db;
  /** The chain figures (the watcher's snapshot, unmatched transfers) may lag: the replica's when there is one. */
  reads: LagTolerantReads;
  clock: Clock;
  scanner: ChainScanner;
  treasury: string | null;
  gasWallet: string | null;
  /**
   * What the ledger owes now (every user USD account, active plans' principal included) and at maturity, and
   * what active plans hold, in micro-units.
   */
  owed: () => Promise<{ owedNow: bigint; owedAtMaturity: bigint; invested: bigint; plans: number }>;
  audit: AuditLog;
  devCommands: boolean;
  explorerUrl: string | null;
}) {
  const { db, clock, scanner } = deps;
  let lastRefresh = 0;

  async function refresh(): Promise<void> {
    const candidates = await repo.unsweptCandidates(db, scanner.chainId);
    const addresses = deps.treasury ? [deps.treasury, ...candidates] : candidates;
    const held = await scanner.holdings(addresses, deps.gasWallet);
    let unswept = 0n;
    let unsweptAddresses = 0;
    for (const address of candidates) {
      const balance = held.token.get(address) ?? 0n;
      if (balance > 0n) {
        unswept += balance;
        unsweptAddresses += 1;
      }
    }
    await repo.saveSnapshot(db, {
      chainId: scanner.chainId,
      treasuryRaw: (deps.treasury ? (held.token.get(deps.treasury) ?? 0n) : 0n).toString(),
      unsweptRaw: unswept.toString(),
      unsweptAddresses,
      decimals: held.decimals,
      gasWei: held.gasWei.toString(),
      sweepGasWei: held.sweepGasWei.toString(),
      refreshedAt: clock.now(),
    });
    lastRefresh = clock.now().getTime();
  }

  return {
    refresh,
    /** Called after each watcher pass: re-reads the chain when the last read is older than TREASURY_REFRESH_MS. */
    async refreshIfDue(force = false): Promise<void> {
      if (force || clock.now().getTime() - lastRefresh >= TREASURY_REFRESH_MS) await refresh();
    },

    async report(): Promise<TreasuryReport> {
      const [chainFigures, owed, approved, inFlight] = await Promise.all([
        deps.reads.run((from) =>
          Promise.all([repo.snapshot(from, scanner.chainId), repo.unmatched(from, scanner.chainId)]),
        ),
        deps.owed(),
        repo.approvedUnpaid(db),
        repo.payoutsInFlight(db, scanner.chainId),
      ]);
      const [snapshot, unmatched] = chainFigures.value;
      const onChain = snapshot && {
        treasury: tokenToMicro(BigInt(snapshot.treasuryRaw), snapshot.decimals),
        unswept: tokenToMicro(BigInt(snapshot.unsweptRaw), snapshot.decimals),
        gasWei: BigInt(snapshot.gasWei),
        sweepGasWei: BigInt(snapshot.sweepGasWei),
      };
      const heldTotal = onChain ? onChain.treasury + onChain.unswept : null;
      const difference = heldTotal === null ? null : heldTotal - owed.owedAtMaturity;
      return {
        chain: scanner.name,
        explorerUrl: deps.explorerUrl,
        treasuryAddress: deps.treasury,
        gasWalletAddress: deps.gasWallet,
        onChain:
          onChain && snapshot
            ? {
                treasuryUsdt: usdText(onChain.treasury),
                unsweptUsdt: usdText(onChain.unswept),
                unsweptAddresses: snapshot.unsweptAddresses,
                gasBnb: bnbText(onChain.gasWei),
                sweepsCovered: onChain.sweepGasWei > 0n ? Number(onChain.gasWei / onChain.sweepGasWei) : null,
                total: usdText(heldTotal!),
                refreshedAt: snapshot.refreshedAt.toISOString(),
              }
            : null,
        owed: {
          now: usdText(owed.owedNow),
          available: usdText(owed.owedNow - owed.invested),
          inActivePlans: usdText(owed.invested),
          activePlans: owed.plans,
          atMaturity: usdText(owed.owedAtMaturity - owed.owedNow),
          approvedUnpaid: usdText(approved.total),
          approvedCount: approved.count,
          total: usdText(owed.owedAtMaturity),
        },
        difference: difference === null ? null : usdText(difference),
        summary:
          difference === null
            ? MSG.treasury.notRefreshed
            : difference === 0n
              ? MSG.treasury.balanced
              : difference > 0n
                ? MSG.treasury.surplus(formatUsdShort(difference))
                : MSG.treasury.shortfall(formatUsdShort(-difference)),
        unmatched: unmatched.map((t) => ({
          txHash: t.txHash,
          logIndex: t.logIndex,
          to: t.toAddress,
          amount: usdText(tokenToMicro(BigInt(t.amountRaw), t.decimals)),
          blockNumber: t.blockNumber,
          seenAt: t.seenAt.toISOString(),
        })),
        payoutsInFlight: inFlight,
        devCommands: deps.devCommands,
        ...(chainFigures.figuresAsOf && { figuresAsOf: chainFigures.figuresAsOf }),
      };
    },

    /**
     * An admin explains a transfer out of the treasury that matched no withdrawal: it stops raising the alert,
     * and the note, who wrote it and the transfer are kept in the audit log.
     */
    async acknowledgeUnmatched(actor: Actor, key: { txHash: string; logIndex: number }, note: string) {
      const found = await deps.audit.change(async (tx, record) => {
        const at = clock.now();
        const full = { chainId: scanner.chainId, txHash: key.txHash.toLowerCase(), logIndex: key.logIndex };
        const result = await repo.acknowledge(tx, full, { adminId: actor.userId, note, at });
        if (result?.changed) {
          await record({
            actorId: actor.userId,
            action: 'treasury.unmatched.acknowledge',
            targetType: 'treasury_transfer',
            targetId: `${full.txHash}:${full.logIndex}`,
            before: { acknowledged: false, to: result.before.toAddress, amountRaw: result.before.amountRaw },
            after: { acknowledged: true, note },
            ip: actor.ip,
          });
        }
        return result;
      }, actor.claim);
      if (!found) throw errors.notFound(MSG.treasury.unmatchedNotFound);
      return { success: true as const, message: MSG.treasury.unmatchedAcknowledged };
    },
  };
}

export type TreasuryService = ReturnType<typeof createTreasuryService>;
