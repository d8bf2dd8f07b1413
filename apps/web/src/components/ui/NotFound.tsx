import { Trans } from '@lingui/react/macro';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMsg } from '../../shared/language/useMsg';

export function NotFound({ homeTo = '/', homeLabel }: { homeTo?: string; homeLabel?: string }) {
  const MSG = useMsg();
  return (
    <Card withBorder radius="lg" padding="xl" maw={520} mx="auto" mt="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fz={48} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {MSG.dashboard.notFound}
        </Title>
        <Text c="dimmed">
          <Trans>The page you asked for does not exist or has moved.</Trans>
        </Text>
        <Anchor component={Link} to={homeTo} fw={600}>
          {homeLabel ?? <Trans>Go back home</Trans>}
        </Anchor>
      </Stack>
    </Card>
  );
}
