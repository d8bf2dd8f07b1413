import { Alert, Button, Card, Group, Loader, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { ApiError } from '../../../lib/api';
import { useReplyTicket, useTicketThread, useTickets, type TicketSummary } from '../api/tickets';
import { ThreadMessages } from './ThreadMessages';
import { TicketForm } from './TicketForm';
import { TicketStatusBadge } from './TicketStatusBadge';
import { QueryList } from '../../../components/ui/QueryList';

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
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label="Your reply"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button
          type="submit"
          loading={reply.isPending}
          disabled={reply.isPending || !text.trim()}
          style={{ alignSelf: 'start' }}
        >
          {reply.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </Stack>
    </form>
  );
}

function Thread({ id }: { id: string }) {
  const thread = useTicketThread(id);
  if (thread.isPending) return <Loader size="sm" aria-label="Loading messages" />;
  if (thread.isError) return <ErrorBox message={MSG.tickets.loadFailed} onRetry={() => void thread.refetch()} />;
  const { ticket, messages } = thread.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h5" style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject}
        </Title>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <ThreadMessages messages={messages} />
      {ticket.status === 'closed' ? (
        <Text c="dimmed" fz="sm">
          {MSG.tickets.closed}
        </Text>
      ) : (
        <ReplyBox id={id} />
      )}
    </Stack>
  );
}

function TicketRow({ ticket, selected, onSelect }: { ticket: TicketSummary; selected: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="ticket-row"
      p="sm"
      style={{
        borderRadius: 8,
        border: selected
          ? '2px solid var(--mantine-primary-color-filled)'
          : '2px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {ticket.subject}
        </Text>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <Text fz="xs" c="dimmed">
        Updated {new Date(ticket.updatedAt).toLocaleString()}
      </Text>
    </UnstyledButton>
  );
}

/** /dashboard/messages: raise a ticket, read the answers and reply (SPEC §2, DESIGN D12). */
export default function MessagesPage() {
  const tickets = useTickets();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Messages
        </Title>
        <Text c="dimmed">Ask support anything, including a change of wallet address. We reply here.</Text>
      </div>
      <TicketForm />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          Your tickets
        </Title>
        <QueryList query={tickets} loadingLabel="Loading tickets" loaderSize="sm" empty={MSG.tickets.noTickets}>
          {(rows) => (
            <Stack gap="xs">
              {rows.map((t) => (
                <TicketRow key={t.id} ticket={t} selected={selected === t.id} onSelect={() => setSelected(t.id)} />
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
