import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CONSOLE_PATH_PERMISSIONS, OPERATOR_LINKS, useCan } from '../../../shared/admin-console';

/** SPEC §2 admin settings buttons; each screen's own heading comes from the spec too. */
export const ADMIN_SECTIONS = [
  {
    path: 'referrals',
    button: msg`Manage Referrals`,
    heading: msg`User Information Update`,
    description: msg`Look up a user by email and correct their name, email or phone.`,
  },
  {
    path: 'withdrawals',
    button: msg`Manage Withdrawals`,
    heading: msg`Update User Information`,
    description: msg`Review withdrawal requests and update user fields.`,
  },
  {
    path: 'users',
    button: msg`Manage Users`,
    heading: msg`Manage Users`,
    description: msg`Browse every account and update its record.`,
  },
  {
    path: 'tickets',
    button: msg`Admin Tickets`,
    heading: msg`Admin Tickets`,
    description: msg`Read support tickets and reply to users.`,
  },
] as const;

/** The console's other screens, shown as buttons below the sections. */
const MORE_LINKS: { path: string; label: MessageDescriptor }[] = [
  { path: 'overview', label: msg`Overview` },
  { path: 'audit', label: msg`Audit log` },
  { path: 'deposits', label: msg`Flagged deposits` },
  { path: 'outbox', label: msg`Outbox` },
  { path: 'treasury', label: msg`Treasury` },
  ...OPERATOR_LINKS,
];

/** The settings page shows only what the admin's roles may use (DESIGN D18); the server refuses the rest anyway. */
export function AdminSettingsPage({ headingOrder = 1 }: { headingOrder?: 1 | 2 } = {}) {
  const { i18n } = useLingui();
  const can = useCan();
  const allowed = (path: string) => can(CONSOLE_PATH_PERMISSIONS[path]!);
  return (
    <Stack gap="lg">
      <div>
        <Title order={headingOrder} fz="h2">
          <Trans>Settings</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Choose what to manage.</Trans>
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ADMIN_SECTIONS.filter((section) => allowed(section.path)).map((section) => (
          <Card key={section.path} withBorder radius="lg" padding="lg">
            <Stack gap="sm" h="100%" justify="space-between">
              <Text c="dimmed" fz="sm">
                {i18n._(section.description)}
              </Text>
              <Button component={Link} to={`/dashadmin/${section.path}`} size="md">
                {i18n._(section.button)}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        {MORE_LINKS.filter((link) => allowed(link.path)).map((link) => (
          <Button key={link.path} component={Link} to={`/dashadmin/${link.path}`} variant="light">
            {i18n._(link.label)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

export function BackToSettings() {
  return (
    <Anchor component={Link} to="/dashadmin" fz="sm">
      <Trans>← Back to Settings</Trans>
    </Anchor>
  );
}
