import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { formatDateTime } from '../../../lib/money';
import { useWithdrawals, type Withdrawal } from '../api/withdrawals';
import { QueryList } from '../../../components/ui/QueryList';
import { ScrollTable } from '../../../components/ui/ScrollTable';

export const STATUS_COLORS: Record<Withdrawal['status'], string> = {
  pending: 'yellow',
  paid: 'green',
  rejected: 'red',
};
export const STATUS_LABELS: Record<Withdrawal['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  rejected: 'Rejected',
};
export const KIND_LABELS: Record<Withdrawal['kind'], string> = { maturity: 'At maturity', break: 'Early break' };

/** A reason as a sentence of its own: its closing punctuation kept, a full stop added only when it has none. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function Details({ w }: { w: Withdrawal }) {
  if (w.status === 'paid' && w.txHash) {
    return (
      <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        Tx {w.txHash}
      </Text>
    );
  }
  if (w.status === 'rejected') {
    return (
      <Text fz="xs">
        Reason: {asSentence(w.reason?.trim() || 'not given')} The amount was returned to your account.
      </Text>
    );
  }
  return (
    <Text fz="xs" c="dimmed">
      Being processed
    </Text>
  );
}

/** The user's own withdrawals with their state (DESIGN D7): pending, paid (with tx hash) or rejected (reason). */
export function WithdrawalList() {
  const list = useWithdrawals();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="withdrawals-title">
      <Title order={2} fz="h4" mb="sm" id="withdrawals-title">
        Your withdrawals
      </Title>
      <QueryList query={list} loadingLabel="Loading withdrawals" empty="No withdrawals yet.">
        {(rows) => (
          <ScrollTable minWidth={640} label="Your withdrawals">
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Payout</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((w) => (
                  <Table.Tr key={w.id} data-testid="withdrawal-row">
                    <Table.Td>{formatDateTime(w.requestedAt)}</Table.Td>
                    <Table.Td miw={100}>
                      {/* The whole word, never "REJECT…": the badge keeps its width in a squeezed table. */}
                      <Badge
                        color={STATUS_COLORS[w.status]}
                        variant="light"
                        styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
                      >
                        {STATUS_LABELS[w.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {withdrawalPayoutText(w)}
                    </Table.Td>
                    <Table.Td>{KIND_LABELS[w.kind]}</Table.Td>
                    <Table.Td>{formatDateTime(w.dueAt)}</Table.Td>
                    <Table.Td maw={260}>
                      <Stack gap={0}>
                        <Details w={w} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryList>
    </Card>
  );
}
