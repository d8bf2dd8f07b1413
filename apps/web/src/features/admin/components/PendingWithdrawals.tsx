import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { withdrawalPayoutText } from '@svp/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/money';
import { usePendingWithdrawals, type PendingWithdrawal } from '../api/withdrawals';
import { DecisionModal, type DecisionAction } from './DecisionModal';
import { QueryList } from '../../../components/ui/QueryList';
import { ScrollTable } from '../../../components/ui/ScrollTable';

const KIND_LABELS: Record<PendingWithdrawal['kind'], string> = { maturity: 'At maturity', break: 'Early break' };

/** DESIGN D7/D13: the real withdrawal queue. Paying needs the on-chain hash; rejecting returns the funds. */
export function PendingWithdrawals() {
  const queue = usePendingWithdrawals();
  const [target, setTarget] = useState<{ withdrawal: PendingWithdrawal; action: DecisionAction } | null>(null);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-withdrawals-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="pending-withdrawals-title">
          Pending withdrawals
        </Title>
        {queue.data && queue.data.length > 0 && (
          <Badge variant="light" color="yellow" size="lg">
            {queue.data.length} pending
          </Badge>
        )}
      </Group>
      <QueryList query={queue} loadingLabel="Loading pending withdrawals" empty="No pending withdrawals.">
        {(rows) => (
          <ScrollTable minWidth={900} label="Pending withdrawals">
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Payout</Table.Th>
                  <Table.Th>Wallet</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((w) => (
                  <Table.Tr key={w.id} data-testid="pending-withdrawal">
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {w.username}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {w.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{KIND_LABELS[w.kind]}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {withdrawalPayoutText(w)}
                    </Table.Td>
                    <Table.Td maw={200}>
                      <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {w.wallet}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(w.requestedAt)}</Table.Td>
                    <Table.Td>{formatDateTime(w.dueAt)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <Button
                          size="xs"
                          onClick={() => setTarget({ withdrawal: w, action: 'pay' })}
                          aria-label={`Mark paid: ${w.username}`}
                        >
                          Mark paid
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setTarget({ withdrawal: w, action: 'reject' })}
                          aria-label={`Reject: ${w.username}`}
                        >
                          Reject
                        </Button>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryList>
      <DecisionModal
        target={target}
        onClose={() => setTarget(null)}
        onDone={(message) => {
          setTarget(null);
          notifications.show({ message, color: 'green' });
        }}
      />
    </Card>
  );
}
