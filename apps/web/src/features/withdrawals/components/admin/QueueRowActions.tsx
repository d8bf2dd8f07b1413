import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { HashText } from '../../../../components/ui/HashText';
import { errorMessage } from '../../../../lib/errors';
import { useApproveWithdrawal, type QueuedWithdrawal } from '../../api/admin-withdrawals';
import type { DecisionAction } from './DecisionModal';

/** Where a queued withdrawal stands: waiting for approval, or approved and (perhaps) already sent on chain. */
export function QueueStatus({ withdrawal: w }: { withdrawal: QueuedWithdrawal }) {
  const late = w.late && (
    <Badge color="red" variant="light" data-testid="late">
      Late
    </Badge>
  );
  if (w.status !== 'approved') {
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="yellow" variant="light" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
          Pending
        </Badge>
        {w.review && (
          // Four eyes (ADR 0044): how many approvals it has, why it needs two, and who gave the first.
          <Text fz="xs" data-testid="four-eyes">
            {w.review.approvals} of {w.review.approvalsNeeded} approvals (
            {w.review.reasons.map(WITHDRAWAL_CONTROLS_MSG.reviewReason).join(', ')})
            {w.firstApprovedBy && ` — first by ${w.firstApprovedBy}`}
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
        Approved — awaiting payment
      </Badge>
      {late}
      {w.sendingTxHash && (
        <Text fz="xs" component="div" data-testid="payout-sent">
          Payout sent: <HashText hash={w.sendingTxHash} />
        </Text>
      )}
    </Stack>
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
  const approve = useApproveWithdrawal(w.id);

  function onApprove() {
    approve.mutate(undefined, {
      onSuccess: (after) =>
        notifications.show({
          message:
            after.status === 'pending'
              ? WITHDRAWAL_CONTROLS_MSG.firstApproval
              : `Withdrawal of ${w.username} approved.`,
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
      aria-label={`Reject: ${w.username}`}
    >
      Reject
    </Button>
  );

  if (w.status !== 'approved') {
    return (
      <Stack gap={4}>
        <Button size="xs" onClick={onApprove} loading={approve.isPending} aria-label={`Approve: ${w.username}`}>
          {w.firstApprovedBy ? 'Second approval' : 'Approve'}
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
        aria-label={`Enter payment hash: ${w.username}`}
      >
        Enter payment hash
      </Button>
      {/* A payout on its way cannot be called back: rejecting now could pay the user twice. */}
      {!w.sendingTxHash && reject}
    </Stack>
  );
}
