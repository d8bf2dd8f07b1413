import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatUsd, formatUsdMicro, fromDecimalString } from '@svp/shared';
import { useId } from 'react';
import type { Plan } from '../api/plans';
import { previewInvestment } from './preview';

/** "2.25×" from the API's payout per $1. */
export const ratioLabel = (ratio: string) => `${ratio}×`;

export function PlanCard({
  plan,
  days,
  onMore,
  onPick,
}: {
  plan: Plan;
  days: number;
  onMore: () => void;
  onPick: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const ratio = plan.ratios[String(days)];
  const atMinimum = previewInvestment(plan, days, fromDecimalString(plan.minAmount, 'USD'));
  const name = plan.name;
  const dailyTask = plan.dailyTask;
  const minimum = formatUsd(plan.minAmount);
  const payout = ratio ? ratioLabel(ratio) : '';
  const returned = atMinimum ? formatUsdMicro(atMinimum.expectedWithdrawal) : '';
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Title order={2} fz="h3" id={titleId}>
              {plan.name}
            </Title>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {plan.type}
            </Badge>
          </Group>
          <Text fz="sm">
            <Trans>
              Daily task power: <b>{dailyTask}</b>
            </Trans>
          </Text>
          <Text fz="sm">
            <Trans>
              Minimum: <b>{minimum}</b>
            </Trans>
          </Text>
          {ratio && (
            <Text fz="sm">
              <Trans>
                Pays at {days} days: <b>{payout}</b> what you invest
              </Trans>
            </Text>
          )}
          {atMinimum && (
            <Text fz="xs" c="dimmed">
              <Trans>
                {minimum} invested pays {returned} at maturity
              </Trans>
            </Text>
          )}
        </Stack>
        <Group gap="xs" grow>
          <Button variant="default" px="xs" onClick={onMore} aria-label={t`More about ${name}`}>
            <Trans>More</Trans>
          </Button>
          <Button px="xs" onClick={onPick}>
            <Trans>Pick Plan</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
