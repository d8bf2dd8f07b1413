import { Badge, Stack, Table, Text } from '@mantine/core';
import { WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { QueryList } from '../../../components/ui/QueryList';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerTxUrl } from '../../../lib/explorer';
import { usePublicConfig } from '../../../shared/public-config';
import { useWithdrawals, type Withdrawal } from '../api/withdrawals';
import { withdrawalColumns, WithdrawalTable, type WithdrawalColumn } from './WithdrawalTable';

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
  if (w.status === 'pending' && w.review) {
    // Four eyes (ADR 0044): why it takes longer, and until when.
    return (
      <Text fz="xs" data-testid="under-review">
        {WITHDRAWAL_CONTROLS_MSG.underReview(w.dueAt, w.review.reasons)}
      </Text>
    );
  }
  return (
    <Text fz="xs" c="dimmed">
      {w.status === 'approved' ? 'Being sent to your wallet' : 'Waiting for review'}
    </Text>
  );
}

/** The user's list: when, where it stands, the payout, then the details (hash or reason). */
function userColumns(explorerUrl: string | null): WithdrawalColumn<Withdrawal>[] {
  return [
    withdrawalColumns.requested,
    {
      header: 'Status',
      cell: (w) => (
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
            {w.status === 'pending' && w.review ? 'Under review' : STATUS_LABELS[w.status]}
          </Badge>
        </Table.Td>
      ),
    },
    withdrawalColumns.payout,
    withdrawalColumns.kind,
    withdrawalColumns.due,
    {
      header: 'Details',
      cell: (w) => (
        <Table.Td maw={260}>
          <Stack gap={0}>
            <Details w={w} explorerUrl={explorerUrl} />
          </Stack>
        </Table.Td>
      ),
    },
  ];
}

/**
 * The user's own withdrawals with their state (DESIGN D7, D16): requested, approved (being paid), paid (with the
 * transaction hash) or rejected (with the reason).
 */
export function WithdrawalList() {
  const list = useWithdrawals();
  const explorerUrl = usePublicConfig().data?.explorerUrl ?? null;
  return (
    <SectionCard title="Your withdrawals" size="h4" titleId="withdrawals-title">
      <QueryList query={list} loadingLabel="Loading withdrawals" empty="No withdrawals yet.">
        {(rows) => (
          <WithdrawalTable
            rows={rows}
            columns={userColumns(explorerUrl)}
            minWidth={640}
            label="Your withdrawals"
            rowTestId="withdrawal-row"
          />
        )}
      </QueryList>
    </SectionCard>
  );
}
