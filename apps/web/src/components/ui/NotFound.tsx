import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@svp/shared';
import { Link } from 'react-router';

export function NotFound({ homeTo = '/', homeLabel = 'Go back home' }: { homeTo?: string; homeLabel?: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" maw={520} mx="auto" mt="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fz={48} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {MSG.dashboard.notFound}
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to={homeTo} fw={600}>
          {homeLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}
