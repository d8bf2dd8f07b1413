import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { HashText } from '../../../../components/ui/HashText';
import { errorMessage } from '../../../../lib/errors';
import { useApproveWithdrawal, type QueuedWithdrawal } from '../../api/admin-withdrawals';
import type { DecisionAction } from './DecisionModal';
import { localizeText } from '../../../../shared/language/i18n';
import { useMsg } from '../../../../shared/language/useMsg';

/** Where a queued withdrawal stands: waiting for approval, or approved and (perhaps) already sent on chain. */
export function QueueStatus({ withdrawal: w }: { withdrawal: QueuedWithdrawal }) {
  const late = w.late && (
    <Badge color="red" variant="light" data-testid="late">
      <Trans>Late</Trans>
    </Badge>
  );
  if (w.status !== 'approved') {
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="yellow" variant="light" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
          <Trans>Pending</Trans>
        </Badge>
        {w.review && (
          // Four eyes (ADR 0044): how many approvals it has, why it needs two, and who gave the first.
          <Text fz="xs" data-testid="four-eyes">
            <FourEyes review={w.review} firstApprovedBy={w.firstApprovedBy} />
          </Text>
        )}
        {late}
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        color="blue"
        variant="light"
        h="auto"
        py={3}
        styles={{ root: { maxWidth: 150 }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
      >
        <Trans>Approved — awaiting payment</Trans>
      </Badge>
      {late}
      {w.sendingTxHash && (
        <Text fz="xs" component="div" data-testid="payout-sent">
          <Trans>
            Payout sent: <HashText hash={w.sendingTxHash} />
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Four eyes (ADR 0044): "1 of 2 approvals (a large withdrawal) — first by ann@example.com". */
function FourEyes({
  review,
  firstApprovedBy,
}: {
  review: NonNullable<QueuedWithdrawal['review']>;
  firstApprovedBy: string | null;
}) {
  const approvals = review.approvals;
  const needed = review.approvalsNeeded;
  const reasons = review.reasons.map((r) => localizeText(WITHDRAWAL_CONTROLS_MSG.reviewReason(r))).join(', ');
  return firstApprovedBy ? (
    <Trans>
      {approvals} of {needed} approvals ({reasons}) — first by {firstApprovedBy}
    </Trans>
  ) : (
    <Trans>
      {approvals} of {needed} approvals ({reasons})
    </Trans>
  );
}

/**
 * A pending row is approved (the step that hands it to the treasury) or rejected; an approved one is recorded
 * paid with a hand-entered hash, or rejected while no payout is on its way.
 */
export function QueueRowActions({
  withdrawal: w,
  onDecide,
}: {
  withdrawal: QueuedWithdrawal;
  onDecide: (action: DecisionAction) => void;
}) {
  const { t } = useLingui();
  const MSG = useMsg();
  const approve = useApproveWithdrawal(w.id);
  const username = w.username;

  function onApprove() {
    approve.mutate(undefined, {
      onSuccess: (after) =>
        notifications.show({
          message:
            after.status === 'pending'
              ? localizeText(WITHDRAWAL_CONTROLS_MSG.firstApproval)
              : t`Withdrawal of ${username} approved.`,
          color: 'green',
        }),
      onError: (error) =>
        notifications.show({
          message: errorMessage(error, { http: MSG.common.internal, network: MSG.login.network }),
          color: 'red',
        }),
    });
  }

  const reject = (
    <Button
      size="xs"
      variant="light"
      color="red"
      disabled={approve.isPending}
      onClick={() => onDecide('reject')}
      aria-label={t`Reject: ${username}`}
    >
      <Trans>Reject</Trans>
    </Button>
  );

  if (w.status !== 'approved') {
    return (
      <Stack gap={4}>
        <Button size="xs" onClick={onApprove} loading={approve.isPending} aria-label={t`Approve: ${username}`}>
          {w.firstApprovedBy ? <Trans>Second approval</Trans> : <Trans>Approve</Trans>}
        </Button>
        {reject}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Button
        size="xs"
        variant="default"
        onClick={() => onDecide('pay')}
        aria-label={t`Enter payment hash: ${username}`}
      >
        <Trans>Enter payment hash</Trans>
      </Button>
      {/* A payout on its way cannot be called back: rejecting now could pay the user twice. */}
      {!w.sendingTxHash && reject}
    </Stack>
  );
}
