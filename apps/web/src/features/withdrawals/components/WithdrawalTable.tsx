import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { Fragment, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/DataTable';
import { formatDateTime } from '../../../lib/text';
import type { Withdrawal } from '../api/withdrawals';

export const KIND_LABELS: Record<Withdrawal['kind'], MessageDescriptor> = {
  maturity: msg`At maturity`,
  break: msg`Early break`,
};

/** A withdrawal's kind in the reader's language. */
function KindLabel({ kind }: { kind: Withdrawal['kind'] }) {
  const { i18n } = useLingui();
  return i18n._(KIND_LABELS[kind]);
}

/**
 * A column's heading as a message, translated when the table renders: the shared columns below are module
 * constants, built before any language is picked.
 */
export type ColumnHeader = MessageDescriptor | { label: MessageDescriptor; ta: 'right' };

/** One column of a withdrawal table: its heading and its cell (a Table.Td) for a row. */
export interface WithdrawalColumn<T extends Withdrawal> {
  header: ColumnHeader;
  cell: (w: T) => ReactNode;
}

/** The columns the user's list and the admin's queue both show, drawn the same way in both. */
export const withdrawalColumns = {
  requested: { header: msg`Requested`, cell: (w) => <Table.Td>{formatDateTime(w.requestedAt)}</Table.Td> },
  due: { header: msg`Due`, cell: (w) => <Table.Td>{formatDateTime(w.dueAt)}</Table.Td> },
  kind: {
    header: msg`Kind`,
    cell: (w) => (
      <Table.Td>
        <KindLabel kind={w.kind} />
      </Table.Td>
    ),
  },
  payout: {
    header: { label: msg`Payout`, ta: 'right' },
    cell: (w) => (
      <Table.Td ta="right" ff="monospace">
        {withdrawalPayoutText(w)}
      </Table.Td>
    ),
  },
} satisfies Record<string, WithdrawalColumn<Withdrawal>>;

/** Withdrawals as a striped table, one row per withdrawal, with the given columns in their order. */
export function WithdrawalTable<T extends Withdrawal>(props: {
  rows: T[];
  columns: WithdrawalColumn<T>[];
  minWidth: number;
  label: string;
  rowTestId: string;
}) {
  const { rows, columns, minWidth, label, rowTestId } = props;
  const { i18n } = useLingui();
  const headers: DataColumn[] = columns.map(({ header }) =>
    'ta' in header ? { label: i18n._(header.label), ta: header.ta } : i18n._(header),
  );
  return (
    <DataTable minWidth={minWidth} label={label} columns={headers} striped verticalSpacing="sm">
      {rows.map((w) => (
        <Table.Tr key={w.id} data-testid={rowTestId}>
          {columns.map((column, i) => (
            <Fragment key={i}>{column.cell(w)}</Fragment>
          ))}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
