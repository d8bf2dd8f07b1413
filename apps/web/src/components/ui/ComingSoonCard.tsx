import { Trans } from '@lingui/react/macro';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An honest placeholder: says what the page will do, shows no invented data. */
export function ComingSoonCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          <Trans>Coming soon</Trans>
        </Badge>
      </Group>
      <Text c="dimmed">
        {children ?? (
          <Trans>This section arrives with a later release. Nothing here is live yet, so no figures are shown.</Trans>
        )}
      </Text>
    </Card>
  );
}
