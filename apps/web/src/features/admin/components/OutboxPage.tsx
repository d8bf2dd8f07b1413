import { Alert, Anchor, Badge, Box, Code, Table, Text } from '@mantine/core';
import { QueryView } from '../../../components/ui/QueryList';
import { DataTable } from '../../../components/ui/DataTable';
import { useOutbox, type Outbox, type OutboxMail } from '../api/outbox';
import { ConsolePage } from '../../../components/ui/ConsolePage';

const STATUS: Record<OutboxMail['status'], { label: string; color: string }> = {
  outbox: { label: 'Not sent', color: 'gray' },
  pending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** What this server does with mail, in the words an admin needs to read the list below. */
function DeliveryNote({ outbox }: { outbox: Outbox }) {
  if (!outbox.showsCodes && outbox.delivery === 'outbox') {
    return (
      <Alert color="orange" variant="light" title="Mail is not being delivered" role="status">
        SMTP_URL is not set, so these mails stay here and never reach anyone. Recipients and subjects only: in
        production one-time codes are never shown.
      </Alert>
    );
  }
  if (!outbox.showsCodes) {
    return (
      <Text c="dimmed" fz="sm">
        Recipients and subjects only: in production one-time codes are never shown.
      </Text>
    );
  }
  if (outbox.delivery === 'outbox') {
    return (
      <Alert color="blue" variant="light" title="Development: mail is not sent" role="status">
        SMTP_URL is not set, so mails stay here and are printed to the server log. Each mail's text, code and links are
        shown so you can verify an address or finish a password reset; a production server never shows them.
      </Alert>
    );
  }
  return (
    <Text c="dimmed" fz="sm">
      Mails are sent through SMTP and their text is deleted once sent. A mail's text, code and links show only while it
      waits to be sent, and never on a production server.
    </Text>
  );
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
          <summary style={{ cursor: 'pointer' }}>Show mail</summary>
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
  const outbox = useOutbox();
  return (
    <ConsolePage title="Outbox">
      <QueryView query={outbox} loadingLabel="Loading outbox" loaderSize="sm">
        {(mailbox) => (
          <>
            <DeliveryNote outbox={mailbox} />
            {mailbox.mails.length === 0 ? (
              <Text c="dimmed">No e-mails yet.</Text>
            ) : (
              // Three columns (mail, when and status, code), so a phone shows the code without scrolling sideways.
              <DataTable
                minWidth={340}
                label="Outbox"
                columns={mailbox.showsCodes ? ['Mail', 'When', 'Code'] : ['Mail', 'When']}
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
                        to {m.to}
                      </Text>
                      <MailContent mail={m} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="xs">{new Date(m.createdAt).toLocaleString()}</Text>
                      <Badge color={STATUS[m.status].color} variant="light" size="sm" mt={4}>
                        {STATUS[m.status].label}
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
