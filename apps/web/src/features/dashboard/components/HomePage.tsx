import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAmount, formatUsd, fromDecimalString } from '@svp/shared';
import { Link } from 'react-router';
import { usePublicConfig } from '../../config/api/get-config';
import { planLabel, useDashboardUser } from './user-context';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={800} mt={4}>
        {value}
      </Text>
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

const coins = (decimal: string) => formatAmount(fromDecimalString(decimal, 'COIN'), 'COIN', 2);

export function HomePage() {
  const user = useDashboardUser();
  const config = usePublicConfig();
  const links = config.data?.links;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Welcome, {user.username || user.email}!
        </Title>
        <Text c="dimmed">Here is where your account stands today.</Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat label="Current plan" value={planLabel(user.tier)} />
        <Stat label="Invested amount" value={formatUsd(user.investedAmount)} />
        <Stat label="Maturity date" value={formatMaturity(user.end_time)} />
        <Stat label="Total earned" value={formatUsd(user.earnings)} />
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

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="h4">
              Trading bot
            </Title>
            <Badge color={user.botStatus === 1 ? 'green' : 'gray'} variant="light">
              {user.botStatus === 1 ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
          <Text c="dimmed" fz="sm">
            The bot panel, with its simulated market chart, arrives with a later release. It is a simulation, not live
            trading.
          </Text>
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="h4" mb="xs">
            Coins
          </Title>
          <Group gap="xl" mb="xs">
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                Coins
              </Text>
              <Text fw={800}>{coins(user.coins)}</Text>
            </div>
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                Daily Coins
              </Text>
              <Text fw={800}>{coins(user.dailyCoins)}</Text>
            </div>
          </Group>
          <Text c="dimmed" fz="sm">
            Claiming the daily bonus arrives with a later release.
          </Text>
          <Group gap="xs" mt="sm">
            <Button component={Link} to="/dashboard/dailytask" size="xs" variant="light">
              Daily task
            </Button>
            <Button component={Link} to="/dashboard/stakingroom" size="xs" variant="light">
              Staking room
            </Button>
          </Group>
        </Card>

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
    </Stack>
  );
}
