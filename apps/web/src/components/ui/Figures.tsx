import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a figures table: a label with an optional hint under it, and the amount on the right. */
export function FigureRow({
  label,
  hint,
  value,
  strong,
  testId,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr fw={strong ? 800 : undefined} data-testid={testId}>
      <Table.Td>
        {label}
        {hint && (
          <Text fz="xs" c="dimmed" component="div">
            {hint}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** A table of FigureRows. */
export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
