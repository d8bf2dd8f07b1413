import { toDecimalString, TOPUP_FEE } from '@svp/shared';
import type { IngestResult } from '../../chain/types.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type IdempotencyClaim } from '../../db/transaction.js';
import { errors } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { createDepositIngestion } from './deposit-ingestion.js';
import { depositsRepository as repo, type DepositRow } from './deposits.repository.js';
import { deriveAddress } from './xpub.js';

/** SPEC §9: the top-up panel's payment window. Only the UI's: a later payment is still credited. */
export const TOPUP_WINDOW_MS = 900_000;

export type { IngestResult };

export function createDepositsService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  xpub: () => string;
  token: { address: string; decimals: number; chainId: number };
}) {
  const { db, clock } = deps;
  const ingestion = createDepositIngestion(deps);

  /** The user's permanent deposit address, derived on first use from the next free index. */
  async function addressFor(userId: string): Promise<string> {
    const existing = await repo.addressOf(db, userId);
    if (existing) return existing.address;
    // Allocation happens once per user: one at a time, so racing first top-ups never share an index.
    return inTransaction(db, async (tx) => {
      await repo.lockAllocation(tx);
      const mine = await repo.addressOf(tx, userId);
      if (mine) return mine.address;
      const index = await repo.nextIndex(tx);
      const address = deriveAddress(deps.xpub(), index);
      await repo.insertAddress(tx, { userId, derivationIndex: index, address, createdAt: clock.now() });
      return address;
    });
  }

  /** EIP-681 payment request for the token transfer, for the QR code. */
  function paymentUri(address: string, amountToPay: bigint): string {
    const raw = amountToPay * 10n ** BigInt(Math.max(deps.token.decimals - 6, 0));
    return `ethereum:${deps.token.address}@${deps.token.chainId}/transfer?address=${address}&uint256=${raw}`;
  }

  const view = (d: DepositRow) => ({
    txHash: d.txHash,
    received: toDecimalString(d.received, 'USD'),
    fee: toDecimalString(d.fee, 'USD'),
    credited: toDecimalString(d.credited, 'USD'),
    flag: d.flag,
    seenAt: d.seenAt.toISOString(),
  });

  return {
    addressFor,
    /**
     * Which recipients of a scanned range are deposit addresses (DepositSink): one indexed look-up of only the
     * addresses the range's transfers went to, so a pass costs its transfers, not the number of users.
     */
    async depositAddressesAmong(candidates: string[]) {
      return new Set(await repo.depositAddressesAmong(db, candidates));
    },

    /** `amount` comes parsed, positive and within MAX_TOPUP (topupRequestSchema). */
    async createTopup(userId: string, amount: bigint, claim: IdempotencyClaim | null = null) {
      const address = await addressFor(userId);
      const now = clock.now();
      const amountToPay = amount + TOPUP_FEE;
      // In a transaction so the request's Idempotency-Key records it (a retry after a crash must not add a second).
      const request = await inTransaction(
        db,
        (tx) =>
          repo.insertTopupRequest(tx, {
            userId,
            amount,
            amountToPay,
            createdAt: now,
            expiresAt: new Date(now.getTime() + TOPUP_WINDOW_MS),
          }),
        claim,
      );
      return {
        requestId: request.id,
        walletAddress: address,
        amount: toDecimalString(amount, 'USD'),
        fee: toDecimalString(TOPUP_FEE, 'USD'),
        amountToPay: toDecimalString(amountToPay, 'USD'),
        paymentUri: paymentUri(address, amountToPay),
        expiresAt: request.expiresAt.toISOString(),
      };
    },

    /** The address and amount to pay of one of the user's own top-up requests. */
    async createTopupQuote(userId: string, requestId: string) {
      const request = await repo.topupRequest(db, userId, requestId);
      if (!request) throw errors.notFound();
      return { address: await addressFor(userId), amountToPay: request.amountToPay };
    },

    /** SPEC §7 check_payments: what arrived for this request since it was made. */
    async status(userId: string, requestId: string) {
      const request = await repo.topupRequest(db, userId, requestId);
      if (!request) throw errors.notFound();
      const seen = await repo.depositsSince(db, userId, request.createdAt);
      return { status: seen.length > 0 ? ('paid' as const) : ('waiting' as const), newPayments: seen.map(view) };
    },

    ...ingestion,
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
