import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatSvp, formatUsd, fromDecimalString } from '@svp/shared';
import { formatDate } from '../../../lib/text';
import type { StakingSummary } from '../api/staking';

const tokens = (decimal: string) => formatSvp(fromDecimalString(decimal, 'SVP'));

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** SPEC §2 staking summary: status, achievements, balances, tokens, stake day and end-of-stake notice. */
export function StakingSummaryCard({ summary }: { summary: StakingSummary }) {
  const active = summary.stakingEndDate !== null && new Date(summary.stakingEndDate).getTime() > Date.now();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">
          <Title order={1} fz="h3">
            Staking Room
          </Title>
          <Badge variant="light" color={summary.status === 'In-Active' ? 'gray' : 'teal'} data-testid="staking-status">
            {summary.status}
          </Badge>
        </Group>
        <Group gap={6} role="group" aria-label="Achievements">
          {summary.achievements.map((a) => (
            <Badge key={a} color="grape" variant="filled">
              {a}
            </Badge>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Item label="Balance" value={formatUsd(summary.balance)} testId="staking-balance" />
        <Item label="Earn APY" value={summary.apy} />
        <Item label="Fund balance" value={formatUsd(summary.fundBalance)} testId="staking-fund" />
        <Item label="Tokens" value={tokens(summary.tokenWallet)} testId="staking-tokens" />
        <Item label="Staked" value={tokens(summary.staked)} testId="staking-staked" />
        <Item label="Earned" value={formatUsd(summary.earned, 4)} testId="staking-earned" />
        <Item label="Total earned" value={formatUsd(summary.totalEarned, 4)} />
        <Item label="Stake day" value={summary.stakeDay === null ? '—' : `Day ${summary.stakeDay} of 60`} />
      </SimpleGrid>
      {active && (
        <Text mt="md" fz="sm" fw={600} data-testid="stake-until">
          Your stake is active until {formatDate(summary.stakingEndDate)}.
        </Text>
      )}
    </Card>
  );
}
