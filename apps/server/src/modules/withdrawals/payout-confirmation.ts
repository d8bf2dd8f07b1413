import { microToToken, MSG, tokenToMicro, usdText } from '@svp/shared';
import type { ChainScanner, ObservedTransfer, PayoutResult, PayoutSink } from '../../chain/types.js';
import type { Clock } from '../../clock.js';
import type { Tx } from '../../db/transaction.js';
import type { Actor } from '../../http/session.js';
import { AppError } from '../../http/errors.js';
import type { AuditLog, RecordAudit } from '../audit/audit.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { withdrawalView } from './withdrawal-money.js';
import { withdrawalsRepository as repo, type WithdrawalRow } from './withdrawals.repository.js';

/** The transfer's amount in USD micro-units, or null when it is not a whole number of them (it pays nothing exactly). */
function usdMicro(transfer: ObservedTransfer): bigint | null {
  const micro = tokenToMicro(transfer.amountRaw, transfer.decimals);
  return microToToken(micro, transfer.decimals) === transfer.amountRaw ? micro : null;
}

const tokenText = (transfer: ObservedTransfer) => {
  const micro = usdMicro(transfer);
  return micro === null ? `${transfer.amountRaw} base units of` : usdText(micro);
};

export type PayoutChain = Pick<ChainScanner, 'chainId' | 'confirmations' | 'transaction'>;

/**
 * A withdrawal is paid when the chain shows its USDT leaving the treasury for the user's wallet (DESIGN D16):
 * the watcher hands every confirmed treasury transfer to `confirm`, and an admin's hand-entered hash is checked
 * the same way first. Either way the transfer is recorded once (chain, transaction, log) and pays at most one
 * approved withdrawal, once, with its ledger posting and audit entry in the same transaction.
 */
export function createPayoutConfirmation(deps: {
  clock: Clock;
  ledger: Ledger;
  audit: AuditLog;
  chain: PayoutChain;
  treasury: string | null;
}) {
  const { clock, ledger, chain } = deps;

  async function pay(
    tx: Tx,
    record: RecordAudit,
    withdrawal: WithdrawalRow,
    transfer: ObservedTransfer,
    by: { actorId: string | null; ip: string | null },
  ): Promise<WithdrawalRow | null> {
    const now = clock.now();
    const paid = await repo.update(tx, withdrawal.id, 'approved', {
      status: 'paid',
      txHash: transfer.txHash,
      decidedAt: now,
      decidedBy: by.actorId,
    });
    if (!paid) return null;
    await repo.linkTransfer(tx, transfer, paid.id);
    await repo.confirmStep(tx, transfer.chainId, transfer.txHash, now);
    if (paid.payout > 0n) {
      await ledger.postIn(tx, {
        kind: 'withdrawal.paid',
        idempotencyKey: ledgerKey.withdrawalDecided(paid.id),
        actorId: by.actorId,
        memo: `Withdrawal paid: ${usdText(paid.payout)} sent in ${paid.txHash}`,
        legs: [
          { account: userAccount(paid.userId, 'usd.withdrawal_pending'), amount: -paid.payout },
          { account: systemAccount('usd.payouts'), amount: paid.payout },
        ],
      });
    }
    await notifications.record(tx, {
      userId: paid.userId,
      type: 'withdrawal.paid',
      eventKey: `withdrawal.paid:${paid.id}`,
      at: now,
      params: { payout: `${paid.payout}`, wallet: paid.wallet, txHash: paid.txHash },
    });
    await record({
      actorId: by.actorId,
      action: 'withdrawal.paid',
      targetType: 'withdrawal',
      targetId: paid.id,
      before: { status: 'approved' },
      after: { status: 'paid', txHash: paid.txHash, confirmedBy: by.actorId ? 'admin' : 'watcher' },
      ip: by.ip,
    });
    return paid;
  }

  const recordTransfer = (tx: Tx, transfer: ObservedTransfer) =>
    repo.recordTransfer(tx, {
      chainId: transfer.chainId,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber.toString(),
      toAddress: transfer.to,
      amountRaw: transfer.amountRaw.toString(),
      decimals: transfer.decimals,
      withdrawalId: null,
      seenAt: clock.now(),
    });

  const matches = (w: WithdrawalRow, transfer: ObservedTransfer) =>
    w.status === 'approved' && w.wallet.toLowerCase() === transfer.to && w.payout === usdMicro(transfer);

  const sink: PayoutSink = {
    treasury: deps.treasury,
    /** Pays the approved withdrawal this confirmed transfer matches: the one it was sent for, else the oldest. */
    confirm(transfer): Promise<PayoutResult> {
      return deps.audit.change(async (tx, record) => {
        if (!(await recordTransfer(tx, transfer))) return 'duplicate';
        const micro = usdMicro(transfer);
        const sentFor = await repo.stepWithdrawal(tx, transfer.chainId, transfer.txHash);
        const candidates = [
          ...(sentFor ? [sentFor] : []),
          ...(micro === null ? [] : (await repo.approvedMatching(tx, transfer.to, micro)).map((r) => r.id)),
        ];
        for (const id of candidates) {
          // Locked, then read again: another pass may have paid it since the candidates were listed.
          const withdrawal = await repo.lock(tx, id);
          if (withdrawal && matches(withdrawal, transfer)) {
            if (await pay(tx, record, withdrawal, transfer, { actorId: null, ip: null })) return 'paid';
          }
        }
        return 'unmatched';
      });
    },
  };

  return {
    sink,

    /**
     * Admin: a payout's hash entered by hand, accepted only when the chain shows this withdrawal's USDT leaving
     * the treasury for the wallet on file, confirmed; otherwise refused with the reason.
     */
    async payByHash(admin: Actor, id: string, txHash: string) {
      // Read from the chain before the transaction: no row stays locked while the RPC answers.
      const found = await chain.transaction(txHash.toLowerCase());
      const row = await deps.audit.change(async (tx, record) => {
        const withdrawal = await repo.lock(tx, id);
        if (!withdrawal) throw new AppError('NOT_FOUND', MSG.common.notFound);
        if (withdrawal.status !== 'approved') throw new AppError('CONFLICT', MSG.withdraw.notApproved);
        const transfer = checkPayout(withdrawal, found);
        const existing = await repo.findTransfer(tx, transfer);
        if (existing?.withdrawalId) throw new AppError('PAYOUT_UNVERIFIED', MSG.payoutCheck.alreadyUsed);
        if (!existing) await recordTransfer(tx, transfer);
        // Locked above, so still approved: pay cannot miss.
        return (await pay(tx, record, withdrawal, transfer, { actorId: admin.userId, ip: admin.ip }))!;
      }, admin.claim);
      return withdrawalView(row);
    },
  };

  /** The one transfer of `found` that pays `withdrawal`, or the first reason it does not. */
  function checkPayout(
    withdrawal: WithdrawalRow,
    found: Awaited<ReturnType<PayoutChain['transaction']>>,
  ): ObservedTransfer {
    const refuse = (message: string) => new AppError('PAYOUT_UNVERIFIED', message, { txHash: message });
    if (!deps.treasury) throw refuse(MSG.payoutCheck.noChain);
    if (!found) throw refuse(MSG.payoutCheck.notFound);
    if (!found.succeeded) throw refuse(MSG.payoutCheck.failed);
    if (found.transfers.length === 0) throw refuse(MSG.payoutCheck.otherToken);
    const fromTreasury = found.transfers.filter((t) => t.from === deps.treasury);
    if (fromTreasury.length === 0) throw refuse(MSG.payoutCheck.notFromTreasury);
    const toWallet = fromTreasury.filter((t) => t.to === withdrawal.wallet.toLowerCase());
    if (toWallet.length === 0) throw refuse(MSG.payoutCheck.otherRecipient);
    const exact = toWallet.find((t) => usdMicro(t) === withdrawal.payout);
    if (!exact) throw refuse(MSG.payoutCheck.otherAmount(tokenText(toWallet[0]!), usdText(withdrawal.payout)));
    // As the watcher counts: a transfer is final once `confirmations` blocks are on top of its own.
    const needed = chain.confirmations + 1;
    if (found.confirmations < needed) throw refuse(MSG.payoutCheck.unconfirmed(found.confirmations, needed));
    return exact;
  }
}

export type PayoutConfirmation = ReturnType<typeof createPayoutConfirmation>;
