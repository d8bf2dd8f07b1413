import { Table, Text } from '@mantine/core';
import { withdrawalPayoutText, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { QueryList } from '../../../../components/ui/QueryList';
import { SectionCard } from '../../../../components/ui/SectionCard';
import { useLateWithdrawals } from '../../api/withdrawal-controls';

/** The spec's promise measured (ADR 0044): withdrawals past their due time and not paid, the longest overdue first. */
export function LateWithdrawals() {
  const late = useLateWithdrawals();
  return (
    <SectionCard title="Past the promised time" size="h4" titleId="late-withdrawals-title">
      <Text fz="xs" c="dimmed" mb="xs">
        {WITHDRAWAL_CONTROLS_MSG.promise}
      </Text>
      <QueryList
        query={late}
        loadingLabel="Loading late withdrawals"
        empty="None: every withdrawal is within its time."
      >
        {(rows) => (
          <Table aria-label="Late withdrawals" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th>Payout</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Late by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.id} data-testid="late-withdrawal">
                  <Table.Td>{w.username}</Table.Td>
                  <Table.Td>{withdrawalPayoutText(w)}</Table.Td>
                  <Table.Td>{w.status}</Table.Td>
                  <Table.Td>{w.hoursLate} h</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
    </SectionCard>
  );
}
