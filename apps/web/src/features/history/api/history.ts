import { API, API_PREFIX, LEDGER_API, type LedgerDetail, type LedgerKindGroup, type LedgerPage } from '@svp/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, serverAnswer } from '../../../lib/api';
import { adminKeys, historyKeys } from '../../../shared/query-keys';

// Declared in shared/query-keys: every money change (a top-up, an investment, a withdrawal) refreshes it.
export { historyKeys };

/** The ledger view's filters as the screen holds them: days are the reader's calendar days (YYYY-MM-DD). */
export interface LedgerFilterValues {
  kind: LedgerKindGroup | null;
  asset: 'USD' | 'SVP' | 'COIN' | null;
  from: string;
  to: string;
  q: string;
}
export const NO_LEDGER_FILTERS: LedgerFilterValues = { kind: null, asset: null, from: '', to: '', q: '' };

/** Whose ledger: the signed-in user's own, or (in the admin console) a user's by id. */
export interface LedgerScope {
  userId?: string;
}

/** The reader's midnight starting a calendar day, as the instant the server filters by. */
const localMidnight = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
};

/** The filters as a query string ("kind=plans&from=…"); empty when none is set. */
export function ledgerSearchParams(f: LedgerFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (f.kind) params.set('kind', f.kind);
  if (f.asset) params.set('asset', f.asset);
  // A day is the reader's own: from its midnight to the next one (the end is exclusive).
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.from)) params.set('from', localMidnight(f.from));
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.to)) params.set('to', localMidnight(f.to, 1));
  if (f.q.trim()) params.set('q', f.q.trim());
  return params;
}

/** The CSV statement of the filtered view: same origin, so the session cookie authenticates it. */
export function historyCsvUrl(f: LedgerFilterValues): string {
  const query = ledgerSearchParams(f).toString();
  return `${API_PREFIX}${API.historyCsv}${query ? `?${query}` : ''}`;
}

const basePath = (scope: LedgerScope) =>
  scope.userId ? LEDGER_API.adminUserHistory.replace(':id', encodeURIComponent(scope.userId)) : API.history;

const ledgerKey = (scope: LedgerScope, f: LedgerFilterValues) =>
  scope.userId
    ? ([...adminKeys.all, 'ledger', scope.userId, f] as const)
    : ([...historyKeys.all, 'ledger', f] as const);

/** The ledger view, a page at a time (newest first), under the filters. */
export function useLedger(scope: LedgerScope, f: LedgerFilterValues) {
  return useInfiniteQuery({
    queryKey: ledgerKey(scope, f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      // Pages of the server's default size (LEDGER_PAGE_SIZE): the first unfiltered page is a plain GET /history.
      const params = ledgerSearchParams(f);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet(`${basePath(scope)}${query ? `?${query}` : ''}`, { schema: serverAnswer<LedgerPage>() });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One transaction's details and references, once the reader opens it. */
export function useLedgerEntry(scope: LedgerScope, id: string | null) {
  return useQuery({
    queryKey: scope.userId ? [...adminKeys.all, 'ledger-entry', scope.userId, id] : [...historyKeys.all, 'entry', id],
    enabled: id !== null,
    queryFn: () => {
      const path = scope.userId
        ? LEDGER_API.adminUserEntry.replace(':id', encodeURIComponent(scope.userId)).replace(':transactionId', id!)
        : LEDGER_API.entry.replace(':transactionId', id!);
      return apiGet(path, { schema: serverAnswer<LedgerDetail & { figuresAsOf?: string }>() });
    },
  });
}
