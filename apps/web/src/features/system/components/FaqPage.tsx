import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Accordion, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { localizeText } from '../../../shared/language/i18n';
import { usePublicConfig } from '../../../shared/public-config';
import { faqEntries } from '../faq-content';

/** /dashboard/reports: "FAQ & help": the FAQ accordion, the configured help links and the way to support. */
export default function FaqPage() {
  // Subscribes the page to the language: faqEntries reads the global i18n while it renders.
  useLingui();
  const config = usePublicConfig();
  const rule = config.data?.referralText;
  const entries = faqEntries(rule && localizeText(rule));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          <Trans>FAQ &amp; help</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Answers to common questions, and where to get help.</Trans>
        </Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="xs">
          <Trans>Need help?</Trans>
        </Title>
        <Text fz="sm" mb="sm">
          <Trans>
            Raise a ticket in{' '}
            <Anchor component={Link} to="/dashboard/messages" fz="sm" underline="always">
              Messages
            </Anchor>
            , or reach us on our channels:
          </Trans>
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/dashboard/messages" variant="filled" size="sm">
            <Trans>Messages</Trans>
          </Button>
          {config.data?.links.channel && (
            <Button component="a" href={config.data.links.channel} target="_blank" rel="noreferrer" variant="light">
              <Trans>Messaging channel</Trans>
            </Button>
          )}
          {config.data?.links.chatBot && (
            <Button component="a" href={config.data.links.chatBot} target="_blank" rel="noreferrer" variant="light">
              <Trans>Chat bot</Trans>
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
