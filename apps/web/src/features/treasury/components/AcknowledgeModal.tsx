import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatUsdt, MSG, unmatchedAcknowledgeSchema } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useAcknowledgeUnmatched, type TreasuryReport } from '../api/treasury';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';

type Unmatched = TreasuryReport['unmatched'][number];

/**
 * An admin explains a transfer out of the treasury that matched no withdrawal (moved to cold storage, a refund
 * paid by hand…): the note goes to the audit log and the transfer stops raising the alert.
 */
export function AcknowledgeModal({
  transfer,
  onClose,
  onDone,
}: {
  transfer: Unmatched | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Modal opened={transfer !== null} onClose={onClose} title="Explain this transfer" centered>
      {transfer && (
        <AcknowledgeForm
          key={`${transfer.txHash}:${transfer.logIndex}`}
          transfer={transfer}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function AcknowledgeForm({
  transfer,
  onClose,
  onDone,
}: {
  transfer: Unmatched;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const acknowledge = useAcknowledgeUnmatched();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = unmatchedAcknowledgeSchema.safeParse({ note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.common.invalidInput);
      return;
    }
    setError(null);
    acknowledge.mutate(
      { txHash: transfer.txHash, logIndex: transfer.logIndex, note: checked.data.note },
      { onSuccess: (answer) => onDone(answer.message) },
    );
  }

  const serverField = fieldError(acknowledge.error, 'note');
  const general =
    acknowledge.isError && !serverField
      ? errorMessage(acknowledge.error, { http: MSG.common.internal, network: MSG.login.network })
      : null;

  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <Text fz="sm">
        {formatUsdt(transfer.amount)} left the treasury to{' '}
        <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {transfer.to}
        </Text>{' '}
        and matched no approved withdrawal.
      </Text>
      <Textarea
        label="What was it?"
        description="Kept in the audit log with your name. The transfer then no longer raises the alert."
        autosize
        minRows={2}
        maxLength={500}
        value={note}
        error={error ?? serverField}
        onChange={(e) => {
          setNote(e.currentTarget.value);
          setError(null);
        }}
      />
      <ErrorAlert message={general} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={acknowledge.isPending}>
          Clear the alert
        </Button>
      </Group>
    </Stack>
  );
}
