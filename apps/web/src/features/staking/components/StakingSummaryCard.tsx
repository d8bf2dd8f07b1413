import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatSvp, formatUsd, fromDecimalString } from '@svp/shared';
import { formatDate } from '../../../lib/text';
import type { StakingSummary } from '../api/staking';
import { SmallFigure } from '../../../components/ui/SmallFigure';

const tokens = (decimal: string) => formatSvp(fromDecimalString(decimal, 'SVP'));

// The spec's status and achievement names as the server sends them (English readers see these very words).
const STATUS_NAMES: Record<StakingSummary['status'], MessageDescriptor> = {
  Hold: msg`Hold`,
  'In-Active': msg`In-Active`,
  Staking: msg`Staking`,
};
const ACHIEVEMENT_NAMES: Record<string, MessageDescriptor> = {
  'Rich Wallet': msg`Rich Wallet`,
  'Staking Champ': msg`Staking Champ`,
  'Yield Farmer': msg`Yield Farmer`,
};

/** SPEC §2 staking summary: status, achievements, balances, tokens, stake day and end-of-stake notice. */
export function StakingSummaryCard({ summary }: { summary: StakingSummary }) {
  const { t, i18n } = useLingui();
  const achievementName = (a: string) => (ACHIEVEMENT_NAMES[a] ? i18n._(ACHIEVEMENT_NAMES[a]) : a);
  const stakeDay = summary.stakeDay;
  const until = formatDate(summary.stakingEndDate);
  const active = summary.stakingEndDate !== null && new Date(summary.stakingEndDate).getTime() > Date.now();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">
          <Title order={1} fz="h3">
            <Trans>Staking Room</Trans>
          </Title>
          <Badge variant="light" color={summary.status === 'In-Active' ? 'gray' : 'teal'} data-testid="staking-status">
            {i18n._(STATUS_NAMES[summary.status])}
          </Badge>
        </Group>
        <Group gap={6} role="group" aria-label={t`Achievements`}>
          {summary.achievements.map((a) => (
            <Badge key={a} color="grape" variant="filled">
              {achievementName(a)}
            </Badge>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <SmallFigure label={t`Balance`} value={formatUsd(summary.balance)} testId="staking-balance" />
        <SmallFigure label={t`Earn APY`} value={summary.apy} />
        <SmallFigure label={t`Fund balance`} value={formatUsd(summary.fundBalance)} testId="staking-fund" />
        <SmallFigure label={t`Tokens`} value={tokens(summary.tokenWallet)} testId="staking-tokens" />
        <SmallFigure label={t`Staked`} value={tokens(summary.staked)} testId="staking-staked" />
        <SmallFigure label={t`Earned`} value={formatUsd(summary.earned, 4)} testId="staking-earned" />
        <SmallFigure label={t`Total earned`} value={formatUsd(summary.totalEarned, 4)} />
        <SmallFigure label={t`Stake day`} value={stakeDay === null ? '—' : t`Day ${stakeDay} of 60`} />
      </SimpleGrid>
      {active && (
        <Text mt="md" fz="sm" fw={600} data-testid="stake-until">
          <Trans>Your stake is active until {until}.</Trans>
        </Text>
      )}
    </Card>
  );
}
