import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CONSOLE_PATH_PERMISSIONS, OPERATOR_LINKS, useCan } from '../../../shared/admin-console';

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

/** The console's other screens, shown as buttons below the sections. */
const MORE_LINKS = [
  { path: 'overview', label: 'Overview' },
  { path: 'audit', label: 'Audit log' },
  { path: 'deposits', label: 'Flagged deposits' },
  { path: 'outbox', label: 'Outbox' },
  { path: 'treasury', label: 'Treasury' },
  ...OPERATOR_LINKS,
] as const;

/** The settings page shows only what the admin's roles may use (DESIGN D18); the server refuses the rest anyway. */
export function AdminSettingsPage({ headingOrder = 1 }: { headingOrder?: 1 | 2 } = {}) {
  const can = useCan();
  const allowed = (path: string) => can(CONSOLE_PATH_PERMISSIONS[path]!);
  return (
    <Stack gap="lg">
      <div>
        <Title order={headingOrder} fz="h2">
          Settings
        </Title>
        <Text c="dimmed">Choose what to manage.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ADMIN_SECTIONS.filter((section) => allowed(section.path)).map((section) => (
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
        {MORE_LINKS.filter((link) => allowed(link.path)).map((link) => (
          <Button key={link.path} component={Link} to={`/dashadmin/${link.path}`} variant="light">
            {link.label}
          </Button>
        ))}
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
