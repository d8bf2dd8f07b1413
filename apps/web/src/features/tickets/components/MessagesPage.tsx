import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { QueryList } from '../../../components/ui/QueryList';
import { ApiError } from '../../../lib/api';
import { useReplyTicket, useTicketThread, useTickets } from '../api/tickets';
import { TicketForm } from './TicketForm';
import { ReplyForm, TicketListItem, TicketThread } from './TicketThread';
import { PageHeader } from '../../../components/ui/PageHeader';

function ReplyBox({ id }: { id: string }) {
  const reply = useReplyTicket(id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setError(null);
    reply.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (err) =>
        setError(err instanceof ApiError && err.status === 409 ? MSG.tickets.closed : MSG.tickets.replyFailed),
    });
  }
  return (
    <ReplyForm label="Your reply" minRows={2} text={text} onText={setText} error={error} onSubmit={onSubmit}>
      <Button
        type="submit"
        loading={reply.isPending}
        disabled={reply.isPending || !text.trim()}
        style={{ alignSelf: 'start' }}
      >
        {reply.isPending ? 'Sending...' : 'Send Reply'}
      </Button>
    </ReplyForm>
  );
}

function Thread({ id }: { id: string }) {
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
  const tickets = useTickets();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <PageHeader
        title="Messages"
        description="Ask support anything, including a change of wallet address. We reply here."
      />
      <TicketForm />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          Your tickets
        </Title>
        <QueryList query={tickets} loadingLabel="Loading tickets" loaderSize="sm" empty={MSG.tickets.noTickets}>
          {(rows) => (
            <Stack gap="xs">
              {rows.map((t) => (
                <TicketListItem
                  key={t.id}
                  subject={t.subject}
                  status={t.status}
                  selected={selected === t.id}
                  onSelect={() => setSelected(t.id)}
                  testId="ticket-row"
                  line={`Updated ${new Date(t.updatedAt).toLocaleString()}`}
                />
              ))}
            </Stack>
          )}
        </QueryList>
      </Card>
      {selected && (
        <Card withBorder radius="lg" padding="lg">
          <Thread id={selected} />
        </Card>
      )}
    </Stack>
  );
}
