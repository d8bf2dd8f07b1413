import { Alert, Button, Card, Grid, Group, Loader, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { loadErrorText } from '../../../lib/errors';
import { ThreadMessages } from '../../tickets/components/ThreadMessages';
import { TicketStatusBadge } from '../../tickets/components/TicketStatusBadge';
import { useAdminThread, useAdminTickets, useTicketAction } from '../api/console';
import { QueryList } from '../../../components/ui/QueryList';

function ReplyBox({ id, closed }: { id: string; closed: boolean }) {
  const action = useTicketAction(id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setError(null);
    action.mutate(
      { reply: text.trim() },
      { onSuccess: () => setText(''), onError: () => setError(MSG.tickets.replyFailed) },
    );
  }
  const sending = action.isPending && action.variables && 'reply' in action.variables;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Textarea label="Reply" autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Group gap="xs">
          <Button type="submit" disabled={!text.trim() || action.isPending}>
            {sending ? 'Sending...' : 'Send Reply'}
          </Button>
          {!closed && (
            <Button
              variant="default"
              color="red"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { close: true },
                  {
                    onSuccess: () => notifications.show({ color: 'teal', message: MSG.tickets.ticketClosed }),
                    onError: (err) => setError(loadErrorText(err)),
                  },
                )
              }
            >
              Close ticket
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function Thread({ id }: { id: string }) {
  const thread = useAdminThread(id);
  if (thread.isPending) return <Loader size="sm" aria-label="Loading messages" />;
  if (thread.isError) return <ErrorBox message={MSG.tickets.loadFailed} onRetry={() => void thread.refetch()} />;
  const { ticket, messages } = thread.data;
  return (
    <Stack gap="sm">
      <div>
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text fz="sm" c="dimmed">
          {ticket.username || '—'} · {ticket.email}
        </Text>
      </div>
      <ThreadMessages messages={messages} />
      <ReplyBox id={id} closed={ticket.status === 'closed'} />
    </Stack>
  );
}

/** Admin Tickets (SPEC §2): every ticket, the selected thread, reply as Admin, close. */
export function AdminTickets() {
  const tickets = useAdminTickets();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Admin Tickets
      </Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="lg" padding="md">
            <QueryList query={tickets} loadingLabel="Loading tickets" loaderSize="sm" empty={MSG.tickets.noTickets}>
              {(rows) => (
                <Stack gap="xs">
                  {rows.map((t) => (
                    <UnstyledButton
                      key={t.id}
                      data-testid="admin-ticket-row"
                      aria-pressed={selected === t.id}
                      onClick={() => setSelected(t.id)}
                      p="sm"
                      style={{
                        borderRadius: 8,
                        border:
                          selected === t.id
                            ? '2px solid var(--mantine-primary-color-filled)'
                            : '2px solid var(--mantine-color-default-border)',
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={600} truncate>
                          {t.subject}
                        </Text>
                        <TicketStatusBadge status={t.status} />
                      </Group>
                      <Text fz="xs" c="dimmed" truncate>
                        {t.username || t.email} · {new Date(t.updatedAt).toLocaleString()}
                      </Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              )}
            </QueryList>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="md">
            {selected ? <Thread id={selected} /> : <Text c="dimmed">{MSG.tickets.selectTicket}</Text>}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
