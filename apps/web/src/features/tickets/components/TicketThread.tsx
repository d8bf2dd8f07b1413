import { useLingui } from '@lingui/react/macro';
import { Card, Group, Loader, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TicketStatusBadge } from './TicketStatusBadge';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { QueryList } from '../../../components/ui/QueryList';
import { formatDateTime } from '../../../lib/text';
import { useMsg } from '../../../shared/language/useMsg';

// The parts of a ticket screen the user's Messages page and the admin's Admin Tickets share.

export interface ThreadMessage {
  id: string;
  sender: 'user' | 'admin';
  message: string;
  created_at: string;
}

interface Thread {
  ticket: { subject: string; status: string };
  messages: ThreadMessage[];
}

// In the reader's language; a time the browser cannot read is shown as the server sent it.
const time = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso));

/** A ticket's messages (sender Admin or User, text, time). */
export function ThreadMessages({ messages }: { messages: ThreadMessage[] }) {
  const { t } = useLingui();
  const MSG = useMsg();
  if (messages.length === 0) return <Text c="dimmed">{MSG.tickets.noMessages}</Text>;
  return (
    <Stack gap="xs" data-testid="ticket-thread">
      {messages.map((m) => (
        <Card
          key={m.id}
          withBorder
          radius="md"
          padding="sm"
          bg={m.sender === 'admin' ? 'var(--mantine-color-blue-light)' : undefined}
          data-testid="ticket-message"
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Text fw={700} fz="sm">
              {m.sender === 'admin' ? t`Admin` : t`User`}
            </Text>
            <Text fz="xs" c="dimmed" component="time" dateTime={m.created_at}>
              {time(m.created_at)}
            </Text>
          </Group>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * One ticket: subject and status (with `details` under them, if any), its messages, then `footer` (the reply
 * form); a loader while it loads, the load error with a retry.
 */
export function TicketThread<T extends Thread>(props: {
  thread: UseQueryResult<T>;
  titleSize: 'h4' | 'h5';
  details?: (thread: T) => ReactNode;
  footer: (thread: T) => ReactNode;
}) {
  const { thread, titleSize, details, footer } = props;
  const { t } = useLingui();
  const MSG = useMsg();
  if (thread.isPending) return <Loader size="sm" aria-label={t`Loading messages`} />;
  if (thread.isError) return <ErrorBox message={MSG.tickets.loadFailed} onRetry={() => void thread.refetch()} />;
  const { ticket, messages } = thread.data;
  const heading = (
    <Group justify="space-between" gap="xs">
      <Title order={3} fz={titleSize} style={{ overflowWrap: 'anywhere' }}>
        {ticket.subject}
      </Title>
      <TicketStatusBadge status={ticket.status} />
    </Group>
  );
  return (
    <Stack gap="sm">
      {details ? (
        <div>
          {heading}
          {details(thread.data)}
        </div>
      ) : (
        heading
      )}
      <ThreadMessages messages={messages} />
      {footer(thread.data)}
    </Stack>
  );
}

/** A ticket in a list: subject and status, a dimmed line under them; pressed while its thread is open. */
function TicketListItem(props: {
  subject: string;
  status: string;
  selected: boolean;
  onSelect: () => void;
  testId: string;
  /** The dimmed line's text; `truncate` keeps it to one line. */
  line: ReactNode;
  truncate?: boolean;
}) {
  const { subject, status, selected, onSelect, testId, line, truncate } = props;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={testId}
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
          {subject}
        </Text>
        <TicketStatusBadge status={status} />
      </Group>
      <Text fz="xs" c="dimmed" truncate={truncate}>
        {line}
      </Text>
    </UnstyledButton>
  );
}

/** The tickets of a screen, loaded, as a column of items; the selected one's thread is open beside or below. */
export function TicketList<T extends { id: string; subject: string; status: string }>(props: {
  tickets: UseQueryResult<T[]>;
  selected: string | null;
  onSelect: (id: string) => void;
  /** Each item's test id, and its dimmed line (kept to one line with `truncate`). */
  testId: string;
  line: (ticket: T) => ReactNode;
  truncate?: boolean;
}) {
  const { tickets, selected, onSelect, testId, line, truncate } = props;
  const { t } = useLingui();
  const MSG = useMsg();
  return (
    <QueryList query={tickets} loadingLabel={t`Loading tickets`} loaderSize="sm" empty={MSG.tickets.noTickets}>
      {(rows) => (
        <Stack gap="xs">
          {rows.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              subject={ticket.subject}
              status={ticket.status}
              selected={selected === ticket.id}
              onSelect={() => onSelect(ticket.id)}
              testId={testId}
              line={line(ticket)}
              truncate={truncate}
            />
          ))}
        </Stack>
      )}
    </QueryList>
  );
}

/** A reply being written: submitting sends the trimmed text (never a blank one); the box clears once it is sent. */
export function useReplyDraft(send: (text: string, sent: () => void) => void) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setError(null);
    send(text.trim(), () => setText(''));
  }
  return { text, setText, error, setError, onSubmit };
}

/** The reply form's frame: the error, the text box, then `children` (its buttons). */
export function ReplyForm(props: {
  label: string;
  minRows: number;
  draft: ReturnType<typeof useReplyDraft>;
  children: ReactNode;
}) {
  const { label, minRows, draft, children } = props;
  return (
    <form onSubmit={draft.onSubmit} noValidate>
      <Stack gap="xs">
        <ErrorAlert message={draft.error} />
        <Textarea
          label={label}
          autosize
          minRows={minRows}
          value={draft.text}
          onChange={(e) => draft.setText(e.currentTarget.value)}
        />
        {children}
      </Stack>
    </form>
  );
}
