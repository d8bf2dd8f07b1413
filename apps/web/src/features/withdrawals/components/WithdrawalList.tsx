import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { QueryList } from '../../../components/ui/QueryList';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerTxUrl } from '../../../lib/explorer';
import { usePublicConfig } from '../../../shared/public-config';
import { useWithdrawals, type Withdrawal } from '../api/withdrawals';
import { withdrawalColumns, WithdrawalTable, type WithdrawalColumn } from './WithdrawalTable';
import { sharedTextsOf } from '../../../shared/language/useMsg';

export const STATUS_COLORS: Record<Withdrawal['status'], string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};
/** DESIGN D16: requested → approved by an admin → paid once the chain confirmed the payout; or rejected. */
export const STATUS_LABELS: Record<Withdrawal['status'], MessageDescriptor> = {
  pending: msg`Requested`,
  approved: msg`Approved — being paid`,
  paid: msg`Paid`,
  rejected: msg`Rejected`,
};

/** A reason as a sentence of its own: its closing punctuation kept, a full stop added only when it has none. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function Details({ w, explorerUrl }: { w: Withdrawal; explorerUrl: string | null }) {
  const { t } = useLingui();
  if (w.status === 'paid' && w.txHash) {
    return (
      <Text fz="xs" component="div">
        <Trans>Transaction</Trans>{' '}
        <HashText hash={w.txHash} href={explorerTxUrl(explorerUrl, w.txHash)} copyLabel={t`Copy transaction hash`} />
      </Text>
    );
  }
  if (w.status === 'rejected') {
    // The admin's own words, shown as written; only "not given" is ours.
    const reason = asSentence(w.reason?.trim() || t`not given`);
    return (
      <Text fz="xs">
        <Trans>Reason: {reason} The amount was returned to your account.</Trans>
      </Text>
    );
  }
  if (w.status === 'pending' && w.review) {
    // Four eyes (ADR 0044): why it takes longer, and until when.
    return (
      <Text fz="xs" data-testid="under-review">
        {sharedTextsOf('WITHDRAWAL_CONTROLS_MSG', WITHDRAWAL_CONTROLS_MSG).underReview(w.dueAt, w.review.reasons)}
      </Text>
    );
  }
  return (
    <Text fz="xs" c="dimmed">
      {w.status === 'approved' ? <Trans>Being sent to your wallet</Trans> : <Trans>Waiting for review</Trans>}
    </Text>
  );
}

/** Where a withdrawal stands, in the reader's language; a pending one needing a second approval is under review. */
function StatusLabel({ w }: { w: Withdrawal }) {
  const { t, i18n } = useLingui();
  return w.status === 'pending' && w.review ? t`Under review` : i18n._(STATUS_LABELS[w.status]);
}

/** The user's list: when, where it stands, the payout, then the details (hash or reason). */
function userColumns(explorerUrl: string | null): WithdrawalColumn<Withdrawal>[] {
  return [
    withdrawalColumns.requested,
    {
      header: msg`Status`,
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
            <StatusLabel w={w} />
          </Badge>
        </Table.Td>
      ),
    },
    withdrawalColumns.payout,
    withdrawalColumns.kind,
    withdrawalColumns.due,
    {
      header: msg`Details`,
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
  const { t } = useLingui();
  const list = useWithdrawals();
  const explorerUrl = usePublicConfig().data?.explorerUrl ?? null;
  return (
    <SectionCard title={t`Your withdrawals`} size="h4" titleId="withdrawals-title">
      <QueryList query={list} loadingLabel={t`Loading withdrawals`} empty={t`No withdrawals yet.`}>
        {(rows) => (
          <WithdrawalTable
            rows={rows}
            columns={userColumns(explorerUrl)}
            minWidth={640}
            label={t`Your withdrawals`}
            rowTestId="withdrawal-row"
          />
        )}
      </QueryList>
    </SectionCard>
  );
}
