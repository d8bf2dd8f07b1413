import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ComingSoonCard } from '../../../components/ui/ComingSoonCard';
import { PendingWithdrawals } from './PendingWithdrawals';

/** SPEC §2 admin settings buttons; each screen's own heading comes from the spec too. */
export const ADMIN_SECTIONS = [
  {
    path: 'referrals',
    button: 'Manage Referrals',
    heading: 'User Information Update',
    description: 'Look up a user by email and correct their name, email or phone.',
    text: 'Looking up a user by email and editing name, email and phone arrives with a later release.',
  },
  {
    path: 'withdrawals',
    button: 'Manage Withdrawals',
    heading: 'Update User Information',
    description: 'Review withdrawal requests and update user fields.',
    text: 'Looking up a user by email and updating one field at a time arrives with a later release.',
  },
  {
    path: 'users',
    button: 'Manage Users',
    heading: 'Manage Users',
    description: 'Browse every account and update its record.',
    text: 'The user table with per-row updates arrives with a later release.',
  },
  {
    path: 'tickets',
    button: 'Admin Tickets',
    heading: 'Admin Tickets',
    description: 'Read support tickets and reply to users.',
    text: 'Reading and replying to support tickets arrives with a later release.',
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
    </Stack>
  );
}

export function AdminSectionPage({ path }: { path: (typeof ADMIN_SECTIONS)[number]['path'] }) {
  const section = ADMIN_SECTIONS.find((s) => s.path === path)!;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashadmin" fz="sm">
        ← Back to Settings
      </Anchor>
      {path === 'withdrawals' && <PendingWithdrawals />}
      <ComingSoonCard title={section.heading}>{section.text}</ComingSoonCard>
    </Stack>
  );
}
