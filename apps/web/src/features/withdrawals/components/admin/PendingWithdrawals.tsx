import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryList } from '../../../../components/ui/QueryList';
import { SectionCard } from '../../../../components/ui/SectionCard';
import { useWithdrawalQueue, type QueuedWithdrawal } from '../../api/admin-withdrawals';
import { withdrawalColumns, WithdrawalTable, type WithdrawalColumn } from '../WithdrawalTable';
import { DecisionModal, type DecisionAction } from './DecisionModal';
import { QueueRowActions, QueueStatus } from './QueueRowActions';
import { LateWithdrawals } from './LateWithdrawals';
import { WithdrawalLimitsModal } from './WithdrawalLimitsModal';
import { useCan } from '../../../../shared/admin-console';

/** The queue: who, what and where to, when, where it stands, and the admin's actions. */
function queueColumns(
  onDecide: ((w: QueuedWithdrawal, action: DecisionAction) => void) | null,
  onLimits: ((w: QueuedWithdrawal) => void) | null,
  limitsLabel: (username: string) => string,
) {
  const columns: WithdrawalColumn<QueuedWithdrawal>[] = [
    {
      header: msg`User`,
      cell: (w) => (
        <Table.Td>
          <Text fz="sm" fw={600}>
            {w.username}
          </Text>
          <Text fz="xs" c="dimmed">
            {w.email}
          </Text>
        </Table.Td>
      ),
    },
    withdrawalColumns.kind,
    withdrawalColumns.payout,
    {
      header: msg`Wallet`,
      cell: (w) => (
        <Table.Td maw={200}>
          <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {w.wallet}
          </Text>
        </Table.Td>
      ),
    },
    withdrawalColumns.requested,
    withdrawalColumns.due,
    {
      header: msg`Status`,
      cell: (w) => (
        <Table.Td>
          <QueueStatus withdrawal={w} />
        </Table.Td>
      ),
    },
    {
      header: msg`Actions`,
      cell: (w) => (
        <Table.Td>
          {onDecide ? <QueueRowActions withdrawal={w} onDecide={(action) => onDecide(w, action)} /> : '—'}
          {onLimits && (
            <Button size="xs" variant="subtle" mt={4} onClick={() => onLimits(w)} aria-label={limitsLabel(w.username)}>
              <Trans>Limits</Trans>
            </Button>
          )}
        </Table.Td>
      ),
    },
  ];
  return columns;
}

/**
 * DESIGN D7/D13/D16: the real withdrawal queue. An admin approves a pending withdrawal (or rejects it: the funds
 * return); the treasury then pays it and the chain's confirmation marks it paid. A payout made by hand is
 * recorded with its hash, which the server checks on chain.
 */
export function PendingWithdrawals() {
  const { t } = useLingui();
  const queue = useWithdrawalQueue();
  // The console shows a role only what it may use (DESIGN D18): compliance reads the queue without deciding.
  const can = useCan();
  const [target, setTarget] = useState<{ withdrawal: QueuedWithdrawal; action: DecisionAction } | null>(null);
  const [limitsOf, setLimitsOf] = useState<{ id: string; username: string } | null>(null);
  const pending = queue.data?.filter((w) => w.status === 'pending').length ?? 0;
  const approved = (queue.data?.length ?? 0) - pending;

  return (
    <SectionCard
      title={t`Withdrawal queue`}
      titleId="pending-withdrawals-title"
      aside={
        <Group gap="xs">
          {pending > 0 && (
            <Badge variant="light" color="yellow" size="lg">
              <Trans>{pending} to approve</Trans>
            </Badge>
          )}
          {approved > 0 && (
            <Badge variant="light" color="blue" size="lg">
              <Trans>{approved} being paid</Trans>
            </Badge>
          )}
        </Group>
      }
    >
      <Text fz="sm" c="dimmed" mb="sm">
        <Trans>
          Approving hands a withdrawal to the treasury command, which pays it; it is marked paid once the chain confirms
          the transfer.
        </Trans>{' '}
        <Anchor component={Link} to="/dashadmin/treasury" fz="sm" underline="always">
          <Trans>Open the Treasury</Trans>
        </Anchor>
      </Text>
      <QueryList query={queue} loadingLabel={t`Loading the withdrawal queue`} empty={t`No withdrawals waiting.`}>
        {(rows) => (
          <WithdrawalTable
            rows={rows}
            columns={queueColumns(
              can('withdrawals.decide') ? (withdrawal, action) => setTarget({ withdrawal, action }) : null,
              can('withdrawals.limits') ? (w) => setLimitsOf({ id: w.userId, username: w.username }) : null,
              (username) => t`Withdrawal limits: ${username}`,
            )}
            minWidth={1000}
            label={t`Withdrawal queue`}
            rowTestId="queued-withdrawal"
          />
        )}
      </QueryList>
      <WithdrawalLimitsModal user={limitsOf} onClose={() => setLimitsOf(null)} />
      <LateWithdrawals />
      <DecisionModal
        target={target}
        onClose={() => setTarget(null)}
        onDone={(message) => {
          setTarget(null);
          notifications.show({ message, color: 'green' });
        }}
      />
    </SectionCard>
  );
}
