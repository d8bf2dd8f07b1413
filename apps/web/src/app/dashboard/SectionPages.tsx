import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Collapse, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { UsernameEditor } from '../../features/users/components/UsernameEditor';
import { useDisclosure } from '@mantine/hooks';
import { ComingSoonCard } from '../../components/ui/ComingSoonCard';
import { ReferralSection } from '../../features/referrals/components/ReferralSection';
import { useDashboardUser } from '../../shared/session/user-context';
import { SecuritySettings } from '../../features/account/components/SecuritySettings';

// The second factor and e-mail cards bring zod and their APIs: they load with the Settings page, not the dashboard.
const TwoFactorCard = lazy(() =>
  import('../../features/two-factor/components/TwoFactorCard').then((m) => ({ default: m.TwoFactorCard })),
);
const EmailPreferencesCard = lazy(() =>
  import('../../features/notifications/components/EmailPreferencesCard').then((m) => ({
    default: m.EmailPreferencesCard,
  })),
);

/** Sub-pages that arrive with later releases: the title and what the page will do, never sample data. */
export const COMING_SOON: Record<string, { title: string; text: string }> = {};

export function ComingSoonPage({ section }: { section: keyof typeof COMING_SOON }) {
  const page = COMING_SOON[section]!;
  return <ComingSoonCard title={page.title}>{page.text}</ComingSoonCard>;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function SettingsPage() {
  const { t } = useLingui();
  const user = useDashboardUser();
  const [referralOpen, referral] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Title order={1} fz="h3" mb="md">
          <Trans>Settings</Trans>
        </Title>
        <Stack gap="sm">
          <UsernameEditor username={user.username} />
          <Field label={t`Email`} value={user.email} />
          <Field label={t`Wallet address`} value={user.wallet || t`Not set`} />
          <Field label={t`Referral code`} value={user.referralCode ?? t`Not generated yet`} />
        </Stack>
        <Text c="dimmed" fz="sm" mt="md">
          <Trans>
            To change your wallet address, contact support through{' '}
            <Anchor component={Link} to="/dashboard/messages" fz="sm" underline="always">
              Messages
            </Anchor>
            : it cannot be changed from the dashboard.
          </Trans>
        </Text>
      </Card>
      <SecuritySettings twoFactor={<TwoFactorCard />} />
      <Suspense fallback={<Loader size="sm" aria-label={t`Loading e-mail settings`} />}>
        <EmailPreferencesCard />
      </Suspense>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="h4">
            <Trans>Referral code</Trans>
          </Title>
          <Button variant="light" onClick={referral.toggle} aria-expanded={referralOpen} aria-controls="referral-panel">
            {referralOpen ? t`Hide referral code generator` : t`Show referral code generator`}
          </Button>
        </Group>
        <Collapse in={referralOpen} id="referral-panel">
          <Stack pt="md">{referralOpen && <ReferralSection />}</Stack>
        </Collapse>
      </Card>
    </Stack>
  );
}
