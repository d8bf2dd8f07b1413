import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatSvp, formatUsd, fromDecimalString } from '@svp/shared';
import { formatDate } from '../../../lib/text';
import type { StakingSummary } from '../api/staking';
import { SmallFigure } from '../../../components/ui/SmallFigure';

const tokens = (decimal: string) => formatSvp(fromDecimalString(decimal, 'SVP'));

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
        <SmallFigure label="Balance" value={formatUsd(summary.balance)} testId="staking-balance" />
        <SmallFigure label="Earn APY" value={summary.apy} />
        <SmallFigure label="Fund balance" value={formatUsd(summary.fundBalance)} testId="staking-fund" />
        <SmallFigure label="Tokens" value={tokens(summary.tokenWallet)} testId="staking-tokens" />
        <SmallFigure label="Staked" value={tokens(summary.staked)} testId="staking-staked" />
        <SmallFigure label="Earned" value={formatUsd(summary.earned, 4)} testId="staking-earned" />
        <SmallFigure label="Total earned" value={formatUsd(summary.totalEarned, 4)} />
        <SmallFigure label="Stake day" value={summary.stakeDay === null ? '—' : `Day ${summary.stakeDay} of 60`} />
      </SimpleGrid>
      {active && (
        <Text mt="md" fz="sm" fw={600} data-testid="stake-until">
          Your stake is active until {formatDate(summary.stakingEndDate)}.
        </Text>
      )}
    </Card>
  );
}
