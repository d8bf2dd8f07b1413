import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { useCreateTicket } from '../api/tickets';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

/** The spec's text for a refused ticket: the limit (429) and validation come from the server, else "failed". */
function ticketError(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') {
    if (error.status === 429) return localizeText(MSG.tickets.limit);
    if (error.status === 400 && error.message) return localizeText(error.message);
  }
  return localizeText(MSG.tickets.failed);
}

/** New support ticket: subject and message, both non-blank (SPEC §5). */
export function TicketForm() {
  const { t } = useLingui();
  const texts = useMsg();
  const create = useCreateTicket();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      setError(texts.tickets.empty);
      return;
    }
    setError(null);
    create.mutate(
      { subject: subject.trim(), message: message.trim() },
      {
        onSuccess: (res) => {
          setSubject('');
          setMessage('');
          notifications.show({ color: 'teal', message: res.message ? localizeText(res.message) : texts.tickets.sent });
        },
        onError: (err) => setError(ticketError(err)),
      },
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        <Trans>New ticket</Trans>
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={error} />
          <TextInput
            label={t`Subject`}
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <Textarea
            label={t`Message`}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <SubmitButton pending={create.isPending} style={{ alignSelf: 'start' }}>
            <Trans>Send ticket</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Card>
  );
}
