import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { adminPaySchema, adminRejectSchema, withdrawalPayoutText } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../../lib/errors';
import { useDecideWithdrawal, type QueuedWithdrawal } from '../../api/admin-withdrawals';
import { ErrorAlert } from '../../../../components/ui/ErrorAlert';
import { localizeText } from '../../../../shared/language/i18n';
import { useMsg } from '../../../../shared/language/useMsg';

export type DecisionAction = 'pay' | 'reject';

interface DecisionModalProps {
  target: { withdrawal: QueuedWithdrawal; action: DecisionAction } | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * The admin's decision on one queued withdrawal, in a dialog: the hash of the treasury's payout for an approved
 * one (checked on chain by the server, whose refusal shows here), or a rejection with the reason the user sees.
 */
export function DecisionModal({ target, onClose, onDone }: DecisionModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.action === 'reject' ? t`Reject withdrawal` : t`Enter payment hash`}
      centered
    >
      {target && (
        <DecisionForm
          key={`${target.withdrawal.id}-${target.action}`}
          withdrawal={target.withdrawal}
          action={target.action}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function DecisionForm({
  withdrawal: w,
  action,
  onClose,
  onDone,
}: {
  withdrawal: QueuedWithdrawal;
  action: DecisionAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const MSG = useMsg();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const username = w.username;
  const decide = useDecideWithdrawal(w.id);
  const field = action === 'pay' ? 'txHash' : 'reason';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked =
      action === 'pay' ? adminPaySchema.safeParse({ txHash: value }) : adminRejectSchema.safeParse({ reason: value });
    if (!checked.success) {
      const issue = checked.error.issues[0]?.message;
      setError(issue ? localizeText(issue) : MSG.common.invalidInput);
      return;
    }
    setError(null);
    decide.mutate(action === 'pay' ? { action, txHash: value.trim() } : { action, reason: value.trim() }, {
      onSuccess: () =>
        onDone(action === 'pay' ? t`Withdrawal to ${username} marked paid.` : t`Withdrawal of ${username} rejected.`),
    });
  }

  const serverField = fieldError(decide.error, field);
  const general =
    decide.isError && !serverField
      ? errorMessage(decide.error, { http: MSG.common.internal, network: MSG.login.network })
      : null;
  const input = {
    value,
    error: error ?? serverField,
    onChange: (e: { currentTarget: { value: string } }) => {
      setValue(e.currentTarget.value);
      setError(null);
    },
  };

  const payout = withdrawalPayoutText(w);
  const email = w.email;
  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <Text fz="sm">
        <Trans>
          {payout} to {username} ({email})
        </Trans>
      </Text>
      <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {w.wallet}
      </Text>
      {action === 'pay' ? (
        <TextInput
          label={t`Transaction hash`}
          description={t`The USDT transfer from the treasury that paid this withdrawal (0x and 64 hex digits). It is checked on chain before it is recorded.`}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...input}
        />
      ) : (
        <Textarea
          label={t`Reason`}
          description={t`Shown to the user. The amount goes back to their account.`}
          autosize
          minRows={2}
          maxLength={500}
          {...input}
        />
      )}
      <ErrorAlert message={general} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" color={action === 'reject' ? 'red' : undefined} loading={decide.isPending}>
          {action === 'pay' ? <Trans>Mark paid</Trans> : <Trans>Reject</Trans>}
        </Button>
      </Group>
    </Stack>
  );
}
