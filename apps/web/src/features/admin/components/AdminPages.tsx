import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** SPEC §2 admin settings buttons; each screen's own heading comes from the spec too. */
export const ADMIN_SECTIONS = [
  {
    path: 'referrals',
    button: 'Manage Referrals',
    heading: 'User Information Update',
    description: 'Look up a user by email and correct their name, email or phone.',
  },
  {
    path: 'withdrawals',
    button: 'Manage Withdrawals',
    heading: 'Update User Information',
    description: 'Review withdrawal requests and update user fields.',
  },
  {
    path: 'users',
    button: 'Manage Users',
    heading: 'Manage Users',
    description: 'Browse every account and update its record.',
  },
  {
    path: 'tickets',
    button: 'Admin Tickets',
    heading: 'Admin Tickets',
    description: 'Read support tickets and reply to users.',
  },
] as const;

export function AdminSettingsPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Settings
        </Title>
        <Text c="dimmed">Choose what to manage.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ADMIN_SECTIONS.map((section) => (
          <Card key={section.path} withBorder radius="lg" padding="lg">
            <Stack gap="sm" h="100%" justify="space-between">
              <Text c="dimmed" fz="sm">
                {section.description}
              </Text>
              <Button component={Link} to={`/dashadmin/${section.path}`} size="md">
                {section.button}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button component={Link} to="/dashadmin/overview" variant="light">
          Overview
        </Button>
        <Button component={Link} to="/dashadmin/audit" variant="light">
          Audit log
        </Button>
        <Button component={Link} to="/dashadmin/deposits" variant="light">
          Flagged deposits
        </Button>
        <Button component={Link} to="/dashadmin/outbox" variant="light">
          Outbox
        </Button>
        <Button component={Link} to="/dashadmin/treasury" variant="light">
          Treasury
        </Button>
      </Group>
    </Stack>
  );
}

export function BackToSettings() {
  return (
    <Anchor component={Link} to="/dashadmin" fz="sm">
      ← Back to Settings
    </Anchor>
  );
}
