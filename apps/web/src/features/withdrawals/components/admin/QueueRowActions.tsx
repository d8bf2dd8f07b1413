import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@svp/shared';
import { HashText } from '../../../../components/ui/HashText';
import { errorMessage } from '../../../../lib/errors';
import { useApproveWithdrawal, type QueuedWithdrawal } from '../../api/admin-withdrawals';
import type { DecisionAction } from './DecisionModal';

/** Where a queued withdrawal stands: waiting for approval, or approved and (perhaps) already sent on chain. */
export function QueueStatus({ withdrawal: w }: { withdrawal: QueuedWithdrawal }) {
  if (w.status !== 'approved') {
    return (
      <Badge color="yellow" variant="light">
        Pending
      </Badge>
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
      onSuccess: () => notifications.show({ message: `Withdrawal of ${w.username} approved.`, color: 'green' }),
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
          Approve
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
