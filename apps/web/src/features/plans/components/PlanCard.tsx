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
  const titleId = useId();
  const ratio = plan.ratios[String(days)];
  const atMinimum = previewInvestment(plan, days, fromDecimalString(plan.minAmount, 'USD'));
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
            Daily task power: <b>{plan.dailyTask}</b>
          </Text>
          <Text fz="sm">
            Minimum: <b>{formatUsd(plan.minAmount)}</b>
          </Text>
          {ratio && (
            <Text fz="sm">
              Pays at {days} days: <b>{ratioLabel(ratio)}</b> what you invest
            </Text>
          )}
          {atMinimum && (
            <Text fz="xs" c="dimmed">
              {formatUsd(plan.minAmount)} invested pays {formatUsdMicro(atMinimum.expectedWithdrawal)} at maturity
            </Text>
          )}
        </Stack>
        <Group gap="xs" grow>
          <Button variant="default" px="xs" onClick={onMore} aria-label={`More about ${plan.name}`}>
            More
          </Button>
          <Button px="xs" onClick={onPick}>
            Pick Plan
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
