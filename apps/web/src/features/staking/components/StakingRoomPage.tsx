import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Notification, Portal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadErrorText } from '../../../lib/errors';
import { FIRST_LOAD_MS, useStakingSummary } from '../api/staking';
import { Leaderboard } from './Leaderboard';
import type { ChartPoint } from './StakingChart';
import { StakingForms, TransferForm, type OnResult } from './StakingForms';
import { StakingSummaryCard } from './StakingSummaryCard';

// lightweight-charts loads with the chart only (DESIGN §7 budget).
const StakingChart = lazy(() => import('./StakingChart'));

/** SPEC §9: chart history of 10 points; success popup for 5 s. */
const CHART_POINTS = 10;
const POPUP_MS = 5_000;

interface Shown {
  id: number;
  text: string;
  ok: boolean;
}

/** SPEC §2 staking room: summary, convert/buy/sell/stake/withdraw, transfer, chart and leaderboard. */
export default function StakingRoomPage({ firstLoadMs = FIRST_LOAD_MS }: { firstLoadMs?: number }) {
  const { t } = useLingui();
  const summary = useStakingSummary(firstLoadMs);
  const [points, setPoints] = useState<ChartPoint[]>([]);
  const [alert, setAlert] = useState<Shown | null>(null);
  const [popup, setPopup] = useState<Shown | null>(null);
  const [board, setBoard] = useState(false);

  const data = summary.data;
  const updatedAt = summary.dataUpdatedAt;
  useEffect(() => {
    if (!data) return;
    const time = Math.floor(updatedAt / 1000);
    // A chart value, not money: staked tokens plus earned USD as the spec's chart draws them.
    const value = Number(data.staked) + Number(data.earned);
    setPoints((old) => [...old.filter((p) => p.time < time), { time, value }].slice(-CHART_POINTS));
  }, [data, updatedAt]);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(() => setPopup(null), POPUP_MS);
    return () => clearTimeout(timer);
  }, [popup]);

  const readings = points.length;
  const onResult: OnResult = (text, ok) => {
    const shown = { id: Date.now(), text, ok };
    setAlert(shown);
    if (ok) setPopup(shown);
  };

  if (summary.isError && !data) return <Alert color="red">{loadErrorText(summary.error)}</Alert>;
  if (!data)
    return (
      <Stack gap="md" aria-busy="true">
        <Title order={1} fz="h3">
          <Trans>Staking Room</Trans>
        </Title>
        <Skeleton height={160} radius="lg" />
        <Skeleton height={240} radius="lg" />
      </Stack>
    );

  return (
    <Stack gap="md">
      {alert && (
        <Alert
          color={alert.ok ? 'green' : 'red'}
          role={alert.ok ? 'status' : 'alert'}
          onClick={() => setAlert(null)}
          style={{ cursor: 'pointer' }}
          data-testid="staking-alert"
        >
          <Text fz="sm" fw={600} data-testid="staking-message">
            {alert.text}
          </Text>
          <Text fz="xs">
            <Trans>Click to dismiss</Trans>
          </Text>
        </Alert>
      )}
      <StakingSummaryCard summary={data} />
      <StakingForms summary={data} onResult={onResult} />
      <TransferForm onResult={onResult} />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="xs">
          <Trans>Staked + Earned Over Time</Trans>
        </Title>
        <figure style={{ margin: 0 }} aria-label={t`Staked plus earned, last ${readings} readings`}>
          <Suspense fallback={<Skeleton height={220} />}>
            <StakingChart points={points} />
          </Suspense>
        </figure>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb={board ? 'sm' : 0}>
          <Title order={2} fz="h4">
            <Trans>Leaderboard</Trans>
          </Title>
          <Button variant="light" onClick={() => setBoard((b) => !b)} aria-expanded={board}>
            {board ? <Trans>Hide Leaderboard</Trans> : <Trans>Show Leaderboard</Trans>}
          </Button>
        </Group>
        {board && <Leaderboard />}
      </Card>
      {popup && (
        <Portal>
          <Notification
            color="green"
            onClose={() => setPopup(null)}
            closeButtonProps={{ 'aria-label': t`Close message` }}
            role="status"
            data-testid="staking-popup"
            style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 400, maxWidth: 360 }}
          >
            <Text fz="sm">{popup.text}</Text>
          </Notification>
        </Portal>
      )}
    </Stack>
  );
}
