import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatUsdt, unmatchedAcknowledgeSchema } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useAcknowledgeUnmatched, type TreasuryReport } from '../api/treasury';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

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
  const { t } = useLingui();
  return (
    <Modal opened={transfer !== null} onClose={onClose} title={t`Explain this transfer`} centered>
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
  const { t } = useLingui();
  const MSG = useMsg();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const acknowledge = useAcknowledgeUnmatched();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = unmatchedAcknowledgeSchema.safeParse({ note });
    if (!checked.success) {
      setError(localizeText(checked.error.issues[0]?.message ?? MSG.common.invalidInput));
      return;
    }
    setError(null);
    acknowledge.mutate(
      { txHash: transfer.txHash, logIndex: transfer.logIndex, note: checked.data.note },
      { onSuccess: (answer) => onDone(answer.message) },
    );
  }

  const amount = formatUsdt(transfer.amount);
  const address = transfer.to;
  const serverField = fieldError(acknowledge.error, 'note');
  const general =
    acknowledge.isError && !serverField
      ? errorMessage(acknowledge.error, { http: MSG.common.internal, network: MSG.login.network })
      : null;

  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <Text fz="sm">
        <Trans>
          {amount} left the treasury to{' '}
          <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {address}
          </Text>{' '}
          and matched no approved withdrawal.
        </Trans>
      </Text>
      <Textarea
        label={t`What was it?`}
        description={t`Kept in the audit log with your name. The transfer then no longer raises the alert.`}
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
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={acknowledge.isPending}>
          <Trans>Clear the alert</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
