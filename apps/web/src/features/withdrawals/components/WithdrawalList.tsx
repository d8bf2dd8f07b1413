import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { explorerTxUrl } from '../../../lib/explorer';
import { usePublicConfig } from '../../config/api/get-config';
import { formatDateTime } from '../../../lib/money';
import { useWithdrawals, type Withdrawal } from '../api/withdrawals';
import { QueryList } from '../../../components/ui/QueryList';
import { ScrollTable } from '../../../components/ui/ScrollTable';

export const STATUS_COLORS: Record<Withdrawal['status'], string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};
/** DESIGN D16: requested → approved by an admin → paid once the chain confirmed the payout; or rejected. */
export const STATUS_LABELS: Record<Withdrawal['status'], string> = {
  pending: 'Requested',
  approved: 'Approved — being paid',
  paid: 'Paid',
  rejected: 'Rejected',
};
export const KIND_LABELS: Record<Withdrawal['kind'], string> = { maturity: 'At maturity', break: 'Early break' };

/** A reason as a sentence of its own: its closing punctuation kept, a full stop added only when it has none. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function Details({ w, explorerUrl }: { w: Withdrawal; explorerUrl: string | null }) {
  if (w.status === 'paid' && w.txHash) {
    return (
      <Text fz="xs" component="div">
        Transaction{' '}
        <HashText hash={w.txHash} href={explorerTxUrl(explorerUrl, w.txHash)} copyLabel="Copy transaction hash" />
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
      {w.status === 'approved' ? 'Being sent to your wallet' : 'Waiting for review'}
    </Text>
  );
}

/**
 * The user's own withdrawals with their state (DESIGN D7, D16): requested, approved (being paid), paid (with the
 * transaction hash) or rejected (with the reason).
 */
export function WithdrawalList() {
  const list = useWithdrawals();
  const explorerUrl = usePublicConfig().data?.explorerUrl ?? null;
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
                    <Table.Td miw={120}>
                      {/* The whole words, never "REJECT…": a long status wraps inside its badge instead. */}
                      <Badge
                        color={STATUS_COLORS[w.status]}
                        variant="light"
                        h="auto"
                        py={3}
                        styles={{
                          root: { overflow: 'visible', flexShrink: 0, maxWidth: 140 },
                          label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.3 },
                        }}
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
                        <Details w={w} explorerUrl={explorerUrl} />
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
