import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OPERATOR_MSG } from '@svp/shared';
import { useState } from 'react';
import { loadErrorText } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/text';
import { useMsg, useSharedTexts } from '../../../../shared/language/useMsg';
import { useCan } from '../../../../shared/admin-console';
import { useAdminThread, useAdminTickets, useTicketAction } from '../../api/admin-tickets';
import { ReplyForm, TicketList, TicketThread, useReplyDraft } from '../TicketThread';

function ReplyBox({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const action = useTicketAction(id);
  const draft = useReplyDraft((text, sent) =>
    action.mutate({ reply: text }, { onSuccess: sent, onError: () => draft.setError(MSG.tickets.replyFailed) }),
  );
  const sending = action.isPending && action.variables && 'reply' in action.variables;

  return (
    <ReplyForm label={t`Reply`} minRows={3} draft={draft}>
      <Group gap="xs">
        <Button type="submit" disabled={!draft.text.trim() || action.isPending}>
          {sending ? t`Sending...` : t`Send Reply`}
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
                  onError: (err) => draft.setError(loadErrorText(err)),
                },
              )
            }
          >
            <Trans>Close ticket</Trans>
          </Button>
        )}
      </Group>
    </ReplyForm>
  );
}

function Thread({ id }: { id: string }) {
  // A role that reads tickets without replying (compliance) sees the thread, not a form the server would refuse.
  const canReply = useCan()('tickets.reply');
  const operatorMsg = useSharedTexts('OPERATOR_MSG', OPERATOR_MSG);
  return (
    <TicketThread
      thread={useAdminThread(id)}
      titleSize="h4"
      details={({ ticket }) => (
        <Text fz="sm" c="dimmed">
          {ticket.username || '—'} · {ticket.email}
        </Text>
      )}
      footer={({ ticket }) =>
        canReply ? (
          <ReplyBox id={id} closed={ticket.status === 'closed'} />
        ) : (
          <Text fz="sm" c="dimmed">
            {operatorMsg.permissionDenied('tickets.reply')}
          </Text>
        )
      }
    />
  );
}

/** Admin Tickets (SPEC §2): every ticket, the selected thread, reply as Admin, close. */
export function AdminTickets() {
  const MSG = useMsg();
  const tickets = useAdminTickets();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        <Trans>Admin Tickets</Trans>
      </Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="lg" padding="md">
            <TicketList
              tickets={tickets}
              selected={selected}
              onSelect={setSelected}
              testId="admin-ticket-row"
              line={(ticket) => `${ticket.username || ticket.email} · ${formatDateTime(ticket.updatedAt)}`}
              truncate
            />
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
