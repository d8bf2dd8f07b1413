import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_AUDIENCE_LABELS,
  type AnnouncementAudience,
  type AnnouncementDraft,
} from '@svp/shared';
import { useState } from 'react';
import { useAnnouncements, useCan, usePreviewAnnouncement, useSendAnnouncement } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';

/** Announcements: write, preview (the text and how many users get it), send; the sent ones with their progress. */
export function AnnouncementsPage() {
  const can = useCan();
  const list = useAnnouncements();
  const preview = usePreviewAnnouncement();
  const send = useSendAnnouncement();
  const [draft, setDraft] = useState<AnnouncementDraft>({ title: '', body: '', audience: 'all' });
  const edit = (change: Partial<AnnouncementDraft>) => {
    setDraft({ ...draft, ...change });
    preview.reset();
  };
  // Sending is offered only for the draft just previewed, so the count read is the count sent to.
  const previewed = preview.isSuccess && preview.data.recipients > 0;

  return (
    <ConsolePage title="Announcements">
      {can('announcements.send') && (
        <Card withBorder radius="lg" padding="lg" maw={640}>
          <Stack gap="sm">
            <TextInput
              label="Title"
              maxLength={120}
              value={draft.title}
              onChange={(e) => edit({ title: e.currentTarget.value })}
            />
            <Textarea
              label="Message"
              autosize
              minRows={3}
              maxLength={2000}
              value={draft.body}
              onChange={(e) => edit({ body: e.currentTarget.value })}
            />
            <Select
              label="Audience"
              allowDeselect={false}
              data={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: ANNOUNCEMENT_AUDIENCE_LABELS[a] }))}
              value={draft.audience}
              onChange={(value) => edit({ audience: (value ?? 'all') as AnnouncementAudience })}
            />
            {preview.isError && <Alert color="red">{preview.error.message}</Alert>}
            {preview.isSuccess && (
              <Alert color="blue" title={preview.data.title} data-testid="announcement-preview">
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data.body}
                </Text>
                <Text fz="sm" fw={600} mt="xs">
                  Goes to {preview.data.recipients} user{preview.data.recipients === 1 ? '' : 's'} (bell, and e-mail
                  unless they turned announcements off).
                </Text>
              </Alert>
            )}
            {send.isError && <Alert color="red">{send.error.message}</Alert>}
            {send.isSuccess && <Alert color="green">{send.data.message}</Alert>}
            <Group>
              <Button variant="light" loading={preview.isPending} onClick={() => preview.mutate(draft)}>
                Preview
              </Button>
              <Button
                disabled={!previewed}
                loading={send.isPending}
                onClick={() => send.mutate(draft, { onSuccess: () => preview.reset() })}
              >
                Send
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.data && list.data.announcements.length === 0 && <Text c="dimmed">No announcements yet.</Text>}
      {list.data && list.data.announcements.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Created</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Audience</Table.Th>
              <Table.Th>Sent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.announcements.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.createdAt.slice(0, 16).replace('T', ' ')}</Table.Td>
                <Table.Td>{a.title}</Table.Td>
                <Table.Td>{ANNOUNCEMENT_AUDIENCE_LABELS[a.audience]}</Table.Td>
                <Table.Td>
                  <Badge color={a.status === 'sent' ? 'green' : 'yellow'}>
                    {a.status === 'sent' ? `sent to ${a.sent}` : `sending (${a.sent} so far)`}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ConsolePage>
  );
}
