import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/text';
import { NO_LEDGER_FILTERS, useLedger, type LedgerFilterValues, type LedgerScope } from '../api/history';
import { LedgerAmounts } from './LedgerAmounts';
import { LedgerDetailSheet } from './LedgerDetailSheet';
import { LedgerFilters } from './LedgerFilters';
import classes from './Ledger.module.css';
import { localizeText } from '../../../shared/language/i18n';

/**
 * The ledger view (SPEC §2's one-column table of lines, as a bank app's statement): each line says what happened
 * and when, with its signed amounts in their asset and each balance after it; filters, search, more lines on
 * demand, and a sheet with a line's details and references. `actions` receives the filters (the CSV link).
 */
export function LedgerView({
  scope = {},
  actions,
}: {
  scope?: LedgerScope;
  actions?: (filters: LedgerFilterValues) => ReactNode;
}) {
  const { t } = useLingui();
  const [filters, setFilters] = useState<LedgerFilterValues>(NO_LEDGER_FILTERS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const applied = { ...filters, q };
  const ledger = useLedger(scope, applied);
  const [open, setOpen] = useState<string | null>(null);
  const lines = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.kind || filters.asset || filters.from || filters.to || q.trim());

  return (
    <Stack gap="sm">
      {actions?.(applied)}
      <FiguresAge asOf={ledger.data?.pages[0]?.figuresAsOf} />
      <LedgerFilters value={filters} search={search} onChange={setFilters} onSearch={setSearch} />
      {ledger.isPending && <Loader aria-label={t`Loading your history`} />}
      {ledger.isError && <ErrorBox message={loadErrorText(ledger.error)} onRetry={() => void ledger.refetch()} />}
      {ledger.isSuccess && lines.length === 0 && (
        <Text c="dimmed" data-testid="ledger-empty">
          {filtered ? <Trans>Nothing matches these filters.</Trans> : <Trans>No activity yet.</Trans>}
        </Text>
      )}
      {lines.length > 0 && (
        <Table verticalSpacing="sm" highlightOnHover aria-label={t`History`} data-testid="ledger">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Activity</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              // The server's English words (packages/shared's ledger texts), in the reader's language.
              const title = localizeText(line.title);
              const when = formatDateTime(line.createdAt);
              return (
                <Table.Tr key={line.id} className={classes.row} data-testid="ledger-row" data-kind={line.kind}>
                  <Table.Td>
                    <UnstyledButton
                      className={classes.rowButton}
                      onClick={() => setOpen(line.id)}
                      aria-haspopup="dialog"
                      aria-label={t`${title}, ${when}: details`}
                    >
                      <div className={classes.what}>
                        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" display="block">
                          {title}
                        </Text>
                        {/* The sentence and its time alone: the statement line as the spec has it. */}
                        <div data-testid="history-line">
                          <Text fz="sm" fw={500} display="block">
                            {localizeText(line.description)}
                          </Text>
                          <Text component="time" dateTime={line.createdAt} fz="xs" c="dimmed" display="block">
                            {when}
                          </Text>
                        </div>
                      </div>
                      <LedgerAmounts changes={line.changes} />
                    </UnstyledButton>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {ledger.hasNextPage && (
        <Group justify="center">
          <Button variant="light" loading={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
            <Trans>Show older</Trans>
          </Button>
        </Group>
      )}
      <LedgerDetailSheet scope={scope} id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
