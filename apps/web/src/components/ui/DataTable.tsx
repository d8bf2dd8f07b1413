import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from './ScrollTable';

/** A column heading: its text, or its text and alignment (amounts are right-aligned). */
export type DataColumn = string | { label: string; ta: 'right' };

interface DataTableProps extends Omit<TableProps, 'children'> {
  /** Below this width the table scrolls sideways (ScrollTable). */
  minWidth: number;
  /** The scrolling region's name. */
  label: string;
  columns: DataColumn[];
  /** False keeps it a table on a phone (ScrollTable's asCards). */
  asCards?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** A table in a sideways-scrolling region, with a heading row: the shape of every list table on the screens. */
export function DataTable({ minWidth, label, columns, asCards, children, ...table }: DataTableProps) {
  return (
    <ScrollTable minWidth={minWidth} label={label} asCards={asCards}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column}>{column}</Table.Th>
              ) : (
                <Table.Th key={column.label} ta={column.ta}>
                  {column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
