import { Accordion, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../../../shared/public-config';
import { faqEntries } from '../faq-content';

/** /dashboard/reports: "FAQ & help": the FAQ accordion, the configured help links and the way to support. */
export default function FaqPage() {
  const config = usePublicConfig();
  const entries = faqEntries(config.data?.referralText);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          FAQ &amp; help
        </Title>
        <Text c="dimmed">Answers to common questions, and where to get help.</Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="xs">
          Need help?
        </Title>
        <Text fz="sm" mb="sm">
          Raise a ticket in{' '}
          <Anchor component={Link} to="/dashboard/messages" fz="sm" underline="always">
            Messages
          </Anchor>
          , or reach us on our channels:
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/dashboard/messages" variant="filled" size="sm">
            Messages
          </Button>
          {config.data?.links.channel && (
            <Button component="a" href={config.data.links.channel} target="_blank" rel="noreferrer" variant="light">
              Messaging channel
            </Button>
          )}
          {config.data?.links.chatBot && (
            <Button component="a" href={config.data.links.chatBot} target="_blank" rel="noreferrer" variant="light">
              Chat bot
            </Button>
          )}
        </Group>
      </Card>
      <Card withBorder radius="lg" padding={0}>
        <Accordion variant="default" chevronPosition="right" data-testid="faq">
          {entries.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>
                <Text component="span" fw={600}>
                  {entry.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm">{entry.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>
    </Stack>
  );
}
