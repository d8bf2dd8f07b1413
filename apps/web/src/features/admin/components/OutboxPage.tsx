import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Box, Code, Table, Text } from '@mantine/core';
import { QueryView } from '../../../components/ui/QueryList';
import { DataTable } from '../../../components/ui/DataTable';
import { useOutbox, type Outbox, type OutboxMail } from '../api/outbox';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { formatDateTime } from '../../../lib/text';

const STATUS: Record<OutboxMail['status'], { label: MessageDescriptor; color: string }> = {
  outbox: { label: msg`Not sent`, color: 'gray' },
  pending: { label: msg`Sending`, color: 'blue' },
  sent: { label: msg`Sent`, color: 'teal' },
  failed: { label: msg`Failed`, color: 'red' },
};

/** What this server does with mail, in the words an admin needs to read the list below. */
function DeliveryNote({ outbox }: { outbox: Outbox }) {
  const { t } = useLingui();
  if (!outbox.showsCodes && outbox.delivery === 'outbox') {
    return (
      <Alert color="orange" variant="light" title={t`Mail is not being delivered`} role="status">
        <Trans>
          SMTP_URL is not set, so these mails stay here and never reach anyone. Recipients and subjects only: in
          production one-time codes are never shown.
        </Trans>
      </Alert>
    );
  }
  if (!outbox.showsCodes) {
    return (
      <Text c="dimmed" fz="sm">
        <Trans>Recipients and subjects only: in production one-time codes are never shown.</Trans>
      </Text>
    );
  }
  if (outbox.delivery === 'outbox') {
    return (
      <Alert color="blue" variant="light" title={t`Development: mail is not sent`} role="status">
        <Trans>
          SMTP_URL is not set, so mails stay here and are printed to the server log. Each mail's text, code and links
          are shown so you can verify an address or finish a password reset; a production server never shows them.
        </Trans>
      </Alert>
    );
  }
  return (
    <Text c="dimmed" fz="sm">
      <Trans>
        Mails are sent through SMTP and their text is deleted once sent. A mail's text, code and links show only while
        it waits to be sent, and never on a production server.
      </Trans>
    </Text>
  );
}

/** "to ada@example.com": its own component so the catalog reads {to}, not {0}. */
function Recipient({ to }: { to: string }) {
  return <Trans>to {to}</Trans>;
}

/** A mail's links (a verification link, say), to open as its recipient would, and its text on demand. */
function MailContent({ mail }: { mail: OutboxMail }) {
  return (
    <>
      {mail.links.map((link) => (
        <Anchor
          key={link}
          href={link}
          target="_blank"
          rel="noreferrer"
          fz="xs"
          display="block"
          mt={4}
          style={{ overflowWrap: 'anywhere' }}
        >
          {link}
        </Anchor>
      ))}
      {mail.body !== null && (
        <Box component="details" mt={4} fz="xs">
          <summary style={{ cursor: 'pointer' }}>
            <Trans>Show mail</Trans>
          </summary>
          <Text component="pre" fz="xs" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {mail.body}
          </Text>
        </Box>
      )}
    </>
  );
}

/** /dashadmin/outbox: the newest outgoing mails; their text, codes and links only outside production. */
export default function OutboxPage() {
  const { t, i18n } = useLingui();
  const outbox = useOutbox();
  return (
    <ConsolePage title={t`Outbox`}>
      <QueryView query={outbox} loadingLabel={t`Loading outbox`} loaderSize="sm">
        {(mailbox) => (
          <>
            <DeliveryNote outbox={mailbox} />
            {mailbox.mails.length === 0 ? (
              <Text c="dimmed">
                <Trans>No e-mails yet.</Trans>
              </Text>
            ) : (
              // Three columns (mail, when and status, code), so a phone shows the code without scrolling sideways.
              <DataTable
                minWidth={340}
                label={t`Outbox`}
                columns={mailbox.showsCodes ? [t`Mail`, t`When`, t`Code`] : [t`Mail`, t`When`]}
                striped
                withTableBorder
                verticalSpacing="xs"
                data-testid="outbox"
              >
                {mailbox.mails.map((m) => (
                  <Table.Tr key={m.id} data-testid="outbox-mail">
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {m.subject}
                      </Text>
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        <Recipient to={m.to} />
                      </Text>
                      <MailContent mail={m} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="xs">{formatDateTime(m.createdAt)}</Text>
                      <Badge color={STATUS[m.status].color} variant="light" size="sm" mt={4}>
                        {i18n._(STATUS[m.status].label)}
                      </Badge>
                    </Table.Td>
                    {mailbox.showsCodes && (
                      <Table.Td>
                        {m.code ? (
                          <Code fz="md" fw={700}>
                            {m.code}
                          </Code>
                        ) : (
                          <Text c="dimmed" fz="sm">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryView>
    </ConsolePage>
  );
}
