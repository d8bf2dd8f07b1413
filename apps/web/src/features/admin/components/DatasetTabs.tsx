import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader, Table, Tabs, Text, TextInput } from '@mantine/core';
import type { DatasetName } from '@svp/shared';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SectionCard } from '../../../components/ui/SectionCard';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/text';
import { humanize } from './user-profile-fields';
import { RowEditButtons, RowUpdateFailedAlert } from './RowEditButtons';
import { useDatasets, useUpdateDatasetRow, type DatasetRow } from '../api/console';

// The users set is the Manage Users table above (one users table): only the other two are shown here.
const TABLES: { name: DatasetName; label: MessageDescriptor }[] = [
  { name: 'userData', label: msg`User data` },
  { name: 'referralData', label: msg`Referral data` },
];

const show = (value: DatasetRow[string] | undefined) => (value === null || value === undefined ? '' : String(value));

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A cell as a person reads it: times in the reader's locale, the row id short (whole on hover). */
function display(column: string, value: DatasetRow[string] | undefined) {
  const text = show(value);
  if (column === 'id' && text.length > 8)
    return (
      <Text component="span" ff="monospace" fz="xs" c="dimmed" title={text}>
        {text.slice(0, 8)}
      </Text>
    );
  return ISO_TIME.test(text) ? formatDateTime(text) : text;
}

/** Columns in reading order: what a person reads first, the row id last. */
const readingOrder = (keys: string[]) => [...keys.filter((k) => k !== 'id'), ...keys.filter((k) => k === 'id')];

function DatasetRowView(props: {
  table: DatasetName;
  row: DatasetRow;
  columns: string[];
  editable: string[];
  onFailed: () => void;
}) {
  const { table, row, columns, editable, onFailed } = props;
  const { t } = useLingui();
  const update = useUpdateDatasetRow();
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const id = show(row.id);

  function save() {
    if (!draft) return;
    const changes = Object.fromEntries(Object.entries(draft).filter(([key, value]) => value !== show(row[key])));
    setDraft(null);
    if (Object.keys(changes).length > 0) update.mutate({ table, id, changes }, { onError: onFailed });
  }

  return (
    <Table.Tr>
      {columns.map((column) => (
        <Table.Td key={column} style={{ overflowWrap: 'anywhere' }} fz="sm">
          {draft && editable.includes(column) ? (
            <TextInput
              size="xs"
              aria-label={t`${column} of row ${id}`}
              value={draft[column] ?? ''}
              onChange={(e) => setDraft({ ...draft, [column]: e.currentTarget.value })}
            />
          ) : (
            display(column, row[column])
          )}
        </Table.Td>
      ))}
      <Table.Td>
        {editable.length === 0 ? null : (
          <RowEditButtons
            updateLabel={t`Update row ${id}`}
            pending={update.isPending}
            onEdit={() => setDraft(Object.fromEntries(editable.map((c) => [c, show(row[c])])))}
            editing={draft && { save, cancel: () => setDraft(null) }}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The three data sets (SPEC §7) loaded together; each row editable only in the columns the server allows. */
export function DatasetTabs() {
  const { t, i18n } = useLingui();
  const datasets = useDatasets();
  const [failed, setFailed] = useState(false);
  return (
    <SectionCard title={t`Data sets`}>
      {failed && <RowUpdateFailedAlert onClose={() => setFailed(false)} />}
      {datasets.isPending ? (
        <Loader size="sm" aria-label={t`Loading data sets`} />
      ) : datasets.isError ? (
        <ErrorBox message={loadErrorText(datasets.error)} onRetry={() => void datasets.refetch()} />
      ) : (
        <Tabs defaultValue="userData" keepMounted={false}>
          <Tabs.List>
            {TABLES.map((table) => (
              <Tabs.Tab key={table.name} value={table.name}>
                {i18n._(table.label)} ({datasets.data[table.name].length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABLES.map((table) => {
            const rows = datasets.data[table.name];
            const columns = rows[0] ? readingOrder(Object.keys(rows[0])) : [];
            const editable = datasets.data.editable[table.name] ?? [];
            return (
              <Tabs.Panel key={table.name} value={table.name} pt="sm">
                {rows.length === 0 ? (
                  <Text c="dimmed">
                    <Trans>No rows.</Trans>
                  </Text>
                ) : (
                  <DataTable
                    minWidth={Math.max(480, columns.length * 130)}
                    label={t`Data set`}
                    columns={[...columns.map(humanize), t`Update`]}
                    striped
                    withTableBorder
                  >
                    {rows.map((row) => (
                      <DatasetRowView
                        key={show(row.id)}
                        table={table.name}
                        row={row}
                        columns={columns}
                        editable={editable}
                        onFailed={() => setFailed(true)}
                      />
                    ))}
                  </DataTable>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </SectionCard>
  );
}
