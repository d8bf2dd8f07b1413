import { Card, Group, Stack, Text } from '@mantine/core';
import { MSG } from '@svp/shared';

export interface ThreadMessage {
  id: string;
  sender: 'user' | 'admin';
  message: string;
  created_at: string;
}

const time = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** A ticket's messages (sender Admin or User, text, time): used by the user's and the admin's screens. */
export function ThreadMessages({ messages }: { messages: ThreadMessage[] }) {
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
              {m.sender === 'admin' ? 'Admin' : 'User'}
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
