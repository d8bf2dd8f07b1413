import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useReplyTicket, useTicketThread, useTickets } from '../api/tickets';
import { TicketForm } from './TicketForm';
import { ReplyForm, TicketList, TicketThread, useReplyDraft } from './TicketThread';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatDateTime } from '../../../lib/text';
import { useMsg } from '../../../shared/language/useMsg';

function ReplyBox({ id }: { id: string }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const reply = useReplyTicket(id);
  const draft = useReplyDraft((text, sent) =>
    reply.mutate(text, {
      onSuccess: sent,
      onError: (err) =>
        draft.setError(err instanceof ApiError && err.status === 409 ? MSG.tickets.closed : MSG.tickets.replyFailed),
    }),
  );
  return (
    <ReplyForm label={t`Your reply`} minRows={2} draft={draft}>
      <Button
        type="submit"
        loading={reply.isPending}
        disabled={reply.isPending || !draft.text.trim()}
        style={{ alignSelf: 'start' }}
      >
        {reply.isPending ? t`Sending...` : t`Send Reply`}
      </Button>
    </ReplyForm>
  );
}

function Thread({ id }: { id: string }) {
  const MSG = useMsg();
  return (
    <TicketThread
      thread={useTicketThread(id)}
      titleSize="h5"
      footer={({ ticket }) =>
        ticket.status === 'closed' ? (
          <Text c="dimmed" fz="sm">
            {MSG.tickets.closed}
          </Text>
        ) : (
          <ReplyBox id={id} />
        )
      }
    />
  );
}

/** /dashboard/messages: raise a ticket, read the answers and reply (SPEC §2, DESIGN D12). */
export default function MessagesPage() {
  const { t } = useLingui();
  const tickets = useTickets();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <PageHeader
        title={t`Messages`}
        description={t`Ask support anything, including a change of wallet address. We reply here.`}
      />
      <TicketForm />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          <Trans>Your tickets</Trans>
        </Title>
        <TicketList
          tickets={tickets}
          selected={selected}
          onSelect={setSelected}
          testId="ticket-row"
          line={(ticket) => {
            const updated = formatDateTime(ticket.updatedAt);
            return t`Updated ${updated}`;
          }}
        />
      </Card>
      {selected && (
        <Card withBorder radius="lg" padding="lg">
          <Thread id={selected} />
        </Card>
      )}
    </Stack>
  );
}
