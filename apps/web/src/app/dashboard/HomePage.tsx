import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../shared/public-config';
import { useDashboardUser } from '../../shared/session/user-context';
import { BotBox } from '../../features/engagement/components/bot/BotBox';
import { CoinBox } from '../../features/engagement/components/rewards/CoinBox';
import { PageHeader } from '../../components/ui/PageHeader';
import classes from './HomePage.module.css';

/** SPEC §3: these tier values all mean "no plan yet"; the home shows "Not selected" for them. */
const NO_PLAN = new Set(['', 'No Plan', 'NULL', 'Loading...']);

function planLabel(tier: string): string {
  return NO_PLAN.has(tier.trim()) ? 'Not selected' : tier;
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
  if (!endTime) return 'Not set';
  const date = new Date(endTime);
  if (Number.isNaN(date.getTime())) return 'Not set';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** `botSeed` fixes the bot's simulated market (tests); the app uses a random seed per page load. */
export function HomePage({ botSeed }: { botSeed?: number }) {
  const user = useDashboardUser();
  const config = usePublicConfig();
  const links = config.data?.links;
  // The first screen (welcome, figures, invitation) is drawn first; the boxes below it follow in a background
  // render right after, so neither the first paint nor any single task carries the whole page (DESIGN §7).
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${user.username || user.email}!`}
        description="Here is where your account stands today."
      />

      {/* Two by two on a phone: four cards stacked one under another filled the whole screen. */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="home-stats">
        <Stat label="Current plan" value={planLabel(user.tier)} />
        <Stat label="Invested amount" value={formatUsd(user.investedAmount)} />
        <Stat label="Maturity date" value={formatMaturity(user.end_time)} />
        {/* For all time: a withdrawal pays the earnings out, and must not bring this back to $0. */}
        <Stat
          label="Total earned"
          value={formatUsd(user.earnedTotal)}
          hint={`Referral bonuses and credits, all time (${formatUsd(user.earnings)} in earnings now)`}
        />
      </SimpleGrid>

      {config.data?.referralText && (
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" align="center" gap="sm">
            <div>
              <Title order={2} fz="h4">
                Invite friends
              </Title>
              <Text c="dimmed" fz="sm">
                {config.data.referralText}
              </Text>
            </div>
            <Button component={Link} to="/dashboard/referral" variant="light">
              {user.referralCode ? `Your code: ${user.referralCode}` : 'Get your referral code'}
            </Button>
          </Group>
        </Card>
      )}

      {below && (
        <>
          <BotBox coins={user.coins} balance={user.balance} fallbackStatus={user.botStatus} seed={botSeed} />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <CoinBox coins={user.coins} dailyCoins={user.dailyCoins} />

            <Card withBorder radius="lg" padding="lg">
              <Title order={2} fz="h4" mb="xs">
                Need help?
              </Title>
              <Text c="dimmed" fz="sm" mb="sm">
                Ask us in our channel or chat with our support bot. You can also raise a ticket under Messages.
              </Text>
              <Stack gap={4}>
                {links?.channel && (
                  <Anchor href={links.channel} target="_blank" rel="noopener noreferrer" fz="sm">
                    Messaging channel
                  </Anchor>
                )}
                {links?.chatBot && (
                  <Anchor href={links.chatBot} target="_blank" rel="noopener noreferrer" fz="sm">
                    Chat bot
                  </Anchor>
                )}
                <Anchor component={Link} to="/dashboard/messages" fz="sm">
                  Support messages
                </Anchor>
              </Stack>
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
