import {
  LEDGER_KIND_GROUPS,
  LEDGER_KIND_LABELS,
  LEDGER_MSG,
  LEDGER_PAGE_SIZE,
  USER_ACCOUNTS,
  ledgerAccountLabel,
  ledgerKindLabel,
  parseAmount,
  rangeEnd,
  rangeStart,
  toDecimalString,
  type Asset,
  type LedgerChange,
  type LedgerDetail,
  type LedgerFilters,
  type LedgerLine,
  type LedgerPage,
  type LedgerQuery,
} from '@svp/shared';
import type { Db } from '../../db/client.js';
import { errors } from '../../http/errors.js';
import { statementLinesOf, toTransactions } from './history.describe.js';
import { historyRepository as repo, type EntryFilters, type StatementEntry } from './history.repository.js';
import { referencesOf } from './history-references.js';

const MAX_ID = 2n ** 63n - 1n;
/** Entries read per line wanted: a transaction touches a user's accounts 1–4 times. */
const ENTRIES_PER_LINE = 4;
/** A read for one page grows (×4) until it holds the lines wanted, and stops here (a settlement's run is one line). */
const MAX_ENTRIES_READ = 4_096;
const ACCOUNT_ORDER = Object.keys(USER_ACCOUNTS);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters as the statement takes them. The search matches what a person would type: words of the posting's
 * memo, a kind's title ("referral"), a transaction's number, a chain hash (or its start), or an amount in any
 * asset ("10", "$10.00", "200,000").
 */
export function entryFilters(f: LedgerFilters): EntryFilters {
  const q = f.q?.trim();
  let search: EntryFilters['search'] = null;
  if (q) {
    const lower = q.toLowerCase();
    const kinds = Object.entries(LEDGER_KIND_LABELS)
      .filter(([kind, label]) => label.toLowerCase().includes(lower) || kind.includes(lower))
      .map(([kind]) => kind);
    for (const group of Object.values(LEDGER_KIND_GROUPS))
      if (group.label.toLowerCase().includes(lower)) kinds.push(...group.kinds);
    const number = q.replace(/^\$/, '').replace(/,/g, '');
    const amounts = (['USD', 'SVP', 'COIN'] as Asset[]).flatMap((asset) => {
      const amount = /^\d+(\.\d+)?$/.test(number) ? parseAmount(number, asset) : null;
      return amount && amount > 0n ? [{ asset, amount }] : [];
    });
    search = {
      memo: `%${escapeLike(q)}%`,
      kinds,
      transactionId: /^[1-9]\d{0,17}$/.test(q) ? q : null,
      keyPattern: /^0x[0-9a-f]{4,64}$/i.test(q) ? `%${escapeLike(q)}%` : null,
      amounts,
    };
  }
  return {
    asset: f.asset ?? null,
    kinds: f.kind ? [...LEDGER_KIND_GROUPS[f.kind].kinds] : null,
    from: f.from ? rangeStart(f.from) : null,
    to: f.to ? rangeEnd(f.to) : null,
    search,
  };
}

/** What a line did to each account: the net per account, in the ledger's account order. */
function changesOf(entries: StatementEntry[]) {
  const net = new Map<string, { asset: Asset; amount: bigint; tx: bigint }>();
  for (const e of entries) {
    const seen = net.get(e.code);
    if (seen) {
      seen.amount += e.amount;
      if (e.transactionId > seen.tx) seen.tx = e.transactionId;
    } else net.set(e.code, { asset: e.asset as Asset, amount: e.amount, tx: e.transactionId });
  }
  return [...net.entries()]
    .filter(([, c]) => c.amount !== 0n)
    .sort(([a], [b]) => ACCOUNT_ORDER.indexOf(a) - ACCOUNT_ORDER.indexOf(b))
    .map(([code, c]) => ({ code, ...c }));
}

/** Signed amounts and the balance after, for lines read: one query for all of them. */
async function withBalances(from: Db, userId: string, groups: StatementEntry[][]): Promise<LedgerChange[][]> {
  const changes = groups.map(changesOf);
  const balances = await repo.balancesAfter(
    from,
    userId,
    changes.flat().map((c) => ({ code: c.code, tx: c.tx })),
  );
  return changes.map((list) =>
    list.map((c) => ({
      account: c.code,
      label: ledgerAccountLabel(c.code),
      asset: c.asset,
      amount: toDecimalString(c.amount, c.asset),
      balanceAfter: toDecimalString(balances.get(`${c.code}:${c.tx}`) ?? 0n, c.asset),
    })),
  );
}

/**
 * One page of the ledger view: lines newest first below the cursor, under the filters. A line may span
 * transactions (a settlement's daily coins): when the read stops inside one, that line is left to the next page,
 * whose cursor starts at it.
 */
export async function ledgerPage(from: Db, userId: string, query: LedgerQuery): Promise<LedgerPage> {
  const limit = query.limit ?? LEDGER_PAGE_SIZE;
  const filters = entryFilters(query);
  const before = { transactionId: query.cursor ? BigInt(query.cursor) : MAX_ID, entryId: 0n };
  let wanted = Math.min(limit * ENTRIES_PER_LINE, MAX_ENTRIES_READ);
  for (;;) {
    const entries = await repo.page(from, userId, before, wanted, filters);
    const complete = entries.length < wanted;
    const lines = statementLinesOf(toTransactions(entries));
    if (!complete && lines.length > 1) lines.pop();
    if (!complete && lines.length <= limit && wanted < MAX_ENTRIES_READ) {
      wanted = Math.min(wanted * 4, MAX_ENTRIES_READ);
      continue;
    }
    const page = lines.slice(0, limit);
    const more = lines.length > limit || !complete;
    const byTx = new Map<bigint, StatementEntry[]>();
    for (const e of entries) byTx.set(e.transactionId, [...(byTx.get(e.transactionId) ?? []), e]);
    const groups = page.map((line) => line.transactionIds.flatMap((id) => byTx.get(id) ?? []));
    const changes = await withBalances(from, userId, groups);
    const items: LedgerLine[] = page.map((line, i) => {
      const kind = groups[i]![0]!.kind;
      return {
        id: line.transactionIds[0]!.toString(),
        transactionCount: line.transactionIds.length,
        createdAt: line.createdAt.toISOString(),
        kind,
        title: ledgerKindLabel(kind),
        description: line.description,
        changes: changes[i]!,
      };
    });
    const last = page.at(-1);
    const oldest = last ? last.transactionIds.reduce((a, b) => (b < a ? b : a)) : null;
    return { items, nextCursor: more && oldest ? oldest.toString() : null };
  }
}

/** One transaction of the user's, with what it did to each account, the balances after, and its references. */
export async function ledgerDetail(from: Db, userId: string, transactionId: bigint): Promise<LedgerDetail> {
  const rows = await repo.transaction(from, userId, transactionId);
  const first = rows[0];
  if (!first) throw errors.notFound(LEDGER_MSG.transaction);
  const [line] = statementLinesOf(toTransactions(rows));
  const [changes] = await withBalances(from, userId, [rows]);
  return {
    id: transactionId.toString(),
    createdAt: first.createdAt.toISOString(),
    kind: first.kind,
    title: ledgerKindLabel(first.kind),
    description: line?.description ?? first.kind,
    memo: first.memo,
    changes: changes!,
    references: await referencesOf(from, userId, first.kind, first.key, first.memo),
  };
}
