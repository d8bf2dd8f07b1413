import { Readable } from 'node:stream';
import { OPERATOR_MSG, toDecimalString, type Asset, type Reconciliation } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { errors } from '../../http/errors.js';
import { csvText } from '../history/history.csv.js';
import { exportsRepository as repo } from './exports.repository.js';

/** Transactions (or accounts) read per page: the memory an export holds at a time, whatever the period's size. */
const PAGE = 500;
const DAY_MS = 86_400_000;

export const JOURNAL_HEADER = 'transaction,created_at,kind,actor,memo,entry,account_owner,account,asset,amount';
export const TRIAL_BALANCE_HEADER = 'account_id,account_owner,account,asset,balance';

/** The start of a UTC day typed as YYYY-MM-DD, or a 400 naming the field. */
export function dayStart(value: string, field: string): Date {
  const at = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value)
    throw errors.validation(OPERATOR_MSG.dateInvalid, { [field]: OPERATOR_MSG.dateInvalid });
  return at;
}

/** [from, to + 1 day): the period's days in full, UTC. */
export function period(from: string, to: string): { from: Date; to: Date } {
  const start = dayStart(from, 'from');
  const end = new Date(dayStart(to, 'to').getTime() + DAY_MS);
  if (end <= start) throw errors.validation(OPERATOR_MSG.periodInvalid, { to: OPERATOR_MSG.periodInvalid });
  return { from: start, to: end };
}

/** The end of a UTC day (the next day's start): the moment a trial balance or reconciliation is taken at. */
export const endOfDay = (at: string) => new Date(dayStart(at, 'at').getTime() + DAY_MS);

const amount = (value: string | bigint, asset: string) => toDecimalString(BigInt(value), asset as Asset);
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The accounting exports (DESIGN D18) for finance and compliance: the journal of a period and the trial balance at a
 * date as CSV streams (keyset pages, so memory stays constant), and the reconciliation of what users are owed against
 * what the chain holds.
 */
export function createExportsService(deps: { db: Db }) {
  const { db } = deps;

  /** Every ledger transaction of the period with its entries, one row per entry, in transaction order. */
  function journal(from: Date, to: Date): Readable {
    async function* rows(): AsyncGenerator<string> {
      yield JOURNAL_HEADER + '\n';
      let cursor = '0';
      for (;;) {
        const transactions = await repo.transactions(db, from, to, cursor, PAGE);
        if (transactions.length === 0) return;
        cursor = transactions.at(-1)!.id;
        const byId = new Map(transactions.map((t) => [t.id, t]));
        const entries = await repo.entries(db, [...byId.keys()]);
        yield entries
          .map((e) => {
            const t = byId.get(e.transaction_id)!;
            return [
              t.id,
              iso(t.created_at),
              csvText(t.kind),
              csvText(t.actor_id ?? ''),
              csvText(t.memo ?? ''),
              e.id,
              csvText(e.owner),
              csvText(e.code),
              e.asset,
              amount(e.amount, e.asset),
            ].join(',');
          })
          .map((line) => line + '\n')
          .join('');
        if (transactions.length < PAGE) return;
      }
    }
    return Readable.from(rows(), { objectMode: false });
  }

  /**
   * Every account's balance at the moment, accounts with a zero balance left out, then one TOTAL row per asset:
   * each is 0 when the books balance (every posting sums to zero per asset).
   */
  function trialBalance(at: Date): Readable {
    async function* rows(): AsyncGenerator<string> {
      yield TRIAL_BALANCE_HEADER + '\n';
      const totals = new Map<string, bigint>();
      let cursor = '0';
      for (;;) {
        const page = await repo.accountTotals(db, at, cursor, PAGE);
        if (page.length === 0) break;
        cursor = page.at(-1)!.id;
        const lines: string[] = [];
        for (const row of page) {
          const total = BigInt(row.total);
          if (total === 0n) continue;
          totals.set(row.asset, (totals.get(row.asset) ?? 0n) + total);
          lines.push([row.id, csvText(row.owner), csvText(row.code), row.asset, amount(total, row.asset)].join(','));
        }
        if (lines.length) yield lines.join('\n') + '\n';
        if (page.length < PAGE) break;
      }
      for (const asset of ['USD', 'SVP', 'COIN'])
        yield ['TOTAL', '', '', asset, amount(totals.get(asset) ?? 0n, asset)].join(',') + '\n';
    }
    return Readable.from(rows(), { objectMode: false });
  }

  /**
   * Liabilities (users' dollar accounts at the moment, from the ledger) against holdings (the treasury's last chain
   * snapshot, rolled back to the moment by the deposits received and the payouts sent since, as the watcher saw them).
   */
  async function reconciliation(at: Date): Promise<Reconciliation> {
    const byAccount = await repo.liabilities(db, at);
    const owed = byAccount.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const notes: string[] = [];
    const snapshot = await repo.snapshot(db);
    let holdings: Reconciliation['holdings'] = null;
    let held: bigint | null = null;
    if (!snapshot) {
      notes.push('The treasury has no snapshot of the chain yet: holdings are unknown.');
    } else {
      const flows =
        snapshot.refreshedAt > at ? await repo.chainFlows(db, at, snapshot.refreshedAt) : { received: 0n, sent: 0n };
      if (snapshot.refreshedAt <= at)
        notes.push('The last snapshot of the chain is older than the date: holdings are as of the snapshot.');
      held = snapshot.held - flows.received + flows.sent;
      holdings = {
        snapshotAt: snapshot.refreshedAt.toISOString(),
        snapshot: amount(snapshot.held, 'USD'),
        depositsAfter: amount(flows.received, 'USD'),
        paidOutAfter: amount(flows.sent, 'USD'),
        atDate: amount(held, 'USD'),
      };
    }
    notes.push('Amounts in USD (USDT counted 1:1), to the micro-dollar; gas (BNB) is not part of the holdings.');
    return {
      at: at.toISOString(),
      liabilities: {
        total: amount(owed, 'USD'),
        byAccount: byAccount.map((r) => ({ code: r.code, amount: amount(r.amount, 'USD') })),
      },
      holdings,
      surplus: held === null ? null : amount(held - owed, 'USD'),
      notes,
    };
  }

  return { journal, trialBalance, reconciliation };
}

export type ExportsService = ReturnType<typeof createExportsService>;
