import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  type AnnouncementAudience,
  type AnnouncementDraft,
} from '@svp/shared';
import { useState } from 'react';
import { useAnnouncements, useCan, usePreviewAnnouncement, useSendAnnouncement } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';

/** A sent announcement's progress: "sent to 40", "sending (12 so far)". */
function SendStatus({ status, sent }: { status: string; sent: number }) {
  const { t } = useLingui();
  return (
    <Badge color={status === 'sent' ? 'green' : 'yellow'}>
      {status === 'sent' ? t`sent to ${sent}` : t`sending (${sent} so far)`}
    </Badge>
  );
}

/** Announcements: write, preview (the text and how many users get it), send; the sent ones with their progress. */
export function AnnouncementsPage() {
  const { t } = useLingui();
  const audienceLabels = useSharedTexts('ANNOUNCEMENT_AUDIENCE_LABELS', ANNOUNCEMENT_AUDIENCE_LABELS);
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
  const recipients = preview.data?.recipients ?? 0;

  return (
    <ConsolePage title={t`Announcements`}>
      {can('announcements.send') && (
        <Card withBorder radius="lg" padding="lg" maw={640}>
          <Stack gap="sm">
            <TextInput
              label={t`Title`}
              maxLength={120}
              value={draft.title}
              onChange={(e) => edit({ title: e.currentTarget.value })}
            />
            <Textarea
              label={t`Message`}
              autosize
              minRows={3}
              maxLength={2000}
              value={draft.body}
              onChange={(e) => edit({ body: e.currentTarget.value })}
            />
            <Select
              label={t`Audience`}
              allowDeselect={false}
              data={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: audienceLabels[a] }))}
              value={draft.audience}
              onChange={(value) => edit({ audience: (value ?? 'all') as AnnouncementAudience })}
            />
            {preview.isError && <Alert color="red">{localizeText(preview.error.message)}</Alert>}
            {preview.isSuccess && (
              <Alert color="blue" title={preview.data.title} data-testid="announcement-preview">
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data.body}
                </Text>
                <Text fz="sm" fw={600} mt="xs">
                  {t`Goes to ${plural(recipients, { one: '# user', other: '# users' })} (bell, and e-mail unless they turned announcements off).`}
                </Text>
              </Alert>
            )}
            {send.isError && <Alert color="red">{localizeText(send.error.message)}</Alert>}
            {send.isSuccess && <Alert color="green">{localizeText(send.data.message)}</Alert>}
            <Group>
              <Button variant="light" loading={preview.isPending} onClick={() => preview.mutate(draft)}>
                <Trans>Preview</Trans>
              </Button>
              <Button
                disabled={!previewed}
                loading={send.isPending}
                onClick={() => send.mutate(draft, { onSuccess: () => preview.reset() })}
              >
                <Trans>Send</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {list.isError && <Alert color="red">{localizeText(list.error.message)}</Alert>}
      {list.data && list.data.announcements.length === 0 && (
        <Text c="dimmed">
          <Trans>No announcements yet.</Trans>
        </Text>
      )}
      {list.data && list.data.announcements.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Created`}</Table.Th>
              <Table.Th>{t`Title`}</Table.Th>
              <Table.Th>{t`Audience`}</Table.Th>
              <Table.Th>{t`Sent`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.announcements.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.createdAt.slice(0, 16).replace('T', ' ')}</Table.Td>
                <Table.Td>{a.title}</Table.Td>
                <Table.Td>{audienceLabels[a.audience]}</Table.Td>
                <Table.Td>
                  <SendStatus status={a.status} sent={a.sent} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ConsolePage>
  );
}
