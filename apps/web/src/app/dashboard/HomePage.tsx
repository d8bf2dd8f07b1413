import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/text';
import { localizeText } from '../../shared/language/i18n';
import { usePublicConfig } from '../../shared/public-config';
import { useDashboardUser } from '../../shared/session/user-context';
import { PageHeader } from '../../components/ui/PageHeader';
import classes from './HomePage.module.css';

// The boxes below the first screen are code of their own, downloaded while the first screen is drawn: the
// dashboard's first bundle and its first task carry only what the first screen shows (DESIGN §7).
const BotBox = lazy(() =>
  import('../../features/engagement/components/bot/BotBox').then((m) => ({ default: m.BotBox })),
);
const CoinBox = lazy(() =>
  import('../../features/engagement/components/rewards/CoinBox').then((m) => ({ default: m.CoinBox })),
);

/** SPEC §3: these tier values all mean "no plan yet"; the home shows "Not selected" for them. */
const NO_PLAN = new Set(['', 'No Plan', 'NULL', 'Loading...']);

function planLabel(tier: string): string {
  return NO_PLAN.has(tier.trim()) ? tNow`Not selected` : tier;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="lg" padding="md" className={classes.stat}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={800} mt={4} className={classes.value}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** The maturity date in the reader's locale; the API sends an ISO timestamp or null. */
export function formatMaturity(endTime: string | null): string {
  const date = formatDate(endTime);
  return date === '—' ? tNow`Not set` : date;
}

/** `botSeed` fixes the bot's simulated market (tests); the app uses a random seed per page load. */
export function HomePage({ botSeed }: { botSeed?: number }) {
  const { t } = useLingui();
  const user = useDashboardUser();
  const config = usePublicConfig();
  const links = config.data?.links;
  const name = user.username || user.email;
  const earnings = formatUsd(user.earnings);
  const code = user.referralCode;
  // The first screen (welcome, figures, invitation) is drawn first; the boxes below it follow in a background
  // render right after, so neither the first paint nor any single task carries the whole page (DESIGN §7).
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);

  return (
    <Stack gap="lg">
      <PageHeader title={t`Welcome, ${name}!`} description={t`Here is where your account stands today.`} />

      {/* Two by two on a phone: four cards stacked one under another filled the whole screen. */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="home-stats">
        <Stat label={t`Current plan`} value={planLabel(user.tier)} />
        <Stat label={t`Invested amount`} value={formatUsd(user.investedAmount)} />
        <Stat label={t`Maturity date`} value={formatMaturity(user.end_time)} />
        {/* For all time: a withdrawal pays the earnings out, and must not bring this back to $0. */}
        <Stat
          label={t`Total earned`}
          value={formatUsd(user.earnedTotal)}
          hint={t`Referral bonuses and credits, all time (${earnings} in earnings now)`}
        />
      </SimpleGrid>

      {config.data?.referralText && (
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" align="center" gap="sm">
            <div>
              <Title order={2} fz="h4">
                <Trans>Invite friends</Trans>
              </Title>
              <Text c="dimmed" fz="sm">
                {localizeText(config.data.referralText)}
              </Text>
            </div>
            <Button component={Link} to="/dashboard/referral" variant="light">
              {code ? t`Your code: ${code}` : t`Get your referral code`}
            </Button>
          </Group>
        </Card>
      )}

      {below && (
        <Suspense fallback={null}>
          <BotBox coins={user.coins} balance={user.balance} fallbackStatus={user.botStatus} seed={botSeed} />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <CoinBox coins={user.coins} dailyCoins={user.dailyCoins} />

            <Card withBorder radius="lg" padding="lg">
              <Title order={2} fz="h4" mb="xs">
                <Trans>Need help?</Trans>
              </Title>
              <Text c="dimmed" fz="sm" mb="sm">
                <Trans>
                  Ask us in our channel or chat with our support bot. You can also raise a ticket under Messages.
                </Trans>
              </Text>
              <Stack gap={4}>
                {links?.channel && (
                  <Anchor href={links.channel} target="_blank" rel="noopener noreferrer" fz="sm">
                    <Trans>Messaging channel</Trans>
                  </Anchor>
                )}
                {links?.chatBot && (
                  <Anchor href={links.chatBot} target="_blank" rel="noopener noreferrer" fz="sm">
                    <Trans>Chat bot</Trans>
                  </Anchor>
                )}
                <Anchor component={Link} to="/dashboard/messages" fz="sm">
                  <Trans>Support messages</Trans>
                </Anchor>
              </Stack>
            </Card>
          </SimpleGrid>
        </Suspense>
      )}
    </Stack>
  );
}
