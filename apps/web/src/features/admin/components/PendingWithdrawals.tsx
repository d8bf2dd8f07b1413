import { Anchor, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { withdrawalPayoutText } from '@svp/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/money';
import { useWithdrawalQueue, type QueuedWithdrawal } from '../api/withdrawals';
import { DecisionModal, type DecisionAction } from './DecisionModal';
import { QueueRowActions, QueueStatus } from './QueueRowActions';
import { QueryList } from '../../../components/ui/QueryList';
import { ScrollTable } from '../../../components/ui/ScrollTable';

const KIND_LABELS: Record<QueuedWithdrawal['kind'], string> = { maturity: 'At maturity', break: 'Early break' };

/**
 * DESIGN D7/D13/D16: the real withdrawal queue. An admin approves a pending withdrawal (or rejects it: the funds
 * return); the treasury then pays it and the chain's confirmation marks it paid. A payout made by hand is
 * recorded with its hash, which the server checks on chain.
 */
export function PendingWithdrawals() {
  const queue = useWithdrawalQueue();
  const [target, setTarget] = useState<{ withdrawal: QueuedWithdrawal; action: DecisionAction } | null>(null);
  const pending = queue.data?.filter((w) => w.status === 'pending').length ?? 0;
  const approved = (queue.data?.length ?? 0) - pending;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-withdrawals-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="pending-withdrawals-title">
          Withdrawal queue
        </Title>
        <Group gap="xs">
          {pending > 0 && (
            <Badge variant="light" color="yellow" size="lg">
              {pending} to approve
            </Badge>
          )}
          {approved > 0 && (
            <Badge variant="light" color="blue" size="lg">
              {approved} being paid
            </Badge>
          )}
        </Group>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        Approving hands a withdrawal to the treasury command, which pays it; it is marked paid once the chain confirms
        the transfer.{' '}
        <Anchor component={Link} to="/dashadmin/treasury" fz="sm" underline="always">
          Open the Treasury
        </Anchor>
      </Text>
      <QueryList query={queue} loadingLabel="Loading the withdrawal queue" empty="No withdrawals waiting.">
        {(rows) => (
          <ScrollTable minWidth={1000} label="Withdrawal queue">
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Payout</Table.Th>
                  <Table.Th>Wallet</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((w) => (
                  <Table.Tr key={w.id} data-testid="queued-withdrawal">
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
                      <QueueStatus withdrawal={w} />
                    </Table.Td>
                    <Table.Td>
                      <QueueRowActions withdrawal={w} onDecide={(action) => setTarget({ withdrawal: w, action })} />
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
