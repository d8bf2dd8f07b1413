import { Table } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { Fragment, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/DataTable';
import { formatDateTime } from '../../../lib/text';
import type { Withdrawal } from '../api/withdrawals';

export const KIND_LABELS: Record<Withdrawal['kind'], string> = { maturity: 'At maturity', break: 'Early break' };

/** One column of a withdrawal table: its heading and its cell (a Table.Td) for a row. */
export interface WithdrawalColumn<T extends Withdrawal> {
  header: DataColumn;
  cell: (w: T) => ReactNode;
}

/** The columns the user's list and the admin's queue both show, drawn the same way in both. */
export const withdrawalColumns = {
  requested: { header: 'Requested', cell: (w) => <Table.Td>{formatDateTime(w.requestedAt)}</Table.Td> },
  due: { header: 'Due', cell: (w) => <Table.Td>{formatDateTime(w.dueAt)}</Table.Td> },
  kind: { header: 'Kind', cell: (w) => <Table.Td>{KIND_LABELS[w.kind]}</Table.Td> },
  payout: {
    header: { label: 'Payout', ta: 'right' },
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
  return (
    <DataTable minWidth={minWidth} label={label} columns={columns.map((c) => c.header)} striped verticalSpacing="sm">
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
