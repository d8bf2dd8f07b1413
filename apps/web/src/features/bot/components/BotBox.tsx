import { Alert, Badge, Box, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { MSG } from '@svp/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/money';
import { useBotStatus } from '../api/bot';
import type { ActivateBotModal } from './ActivateBotModal';
import classes from './BotBox.module.css';
import { useBotSimulation } from './useBotSimulation';
import { useNearViewport } from './useNearViewport';
import { useOnScreen } from './useOnScreen';

// lightweight-charts stays out of the dashboard entry (DESIGN §7 budget), and loads only when the
// chart is near the screen.
const BotChart = lazy(() => import('./BotChart'));

/**
 * The activation modal needs @svp/shared's bot prices, whose module also defines schemas, and so zod: it
 * downloads when the reader reaches for "Activate bot" (pointer, focus or click), not with the home page. It is
 * first rendered closed, then opened, so that it animates in as it always did.
 */
function useActivateModal() {
  const [Modal, setModal] = useState<typeof ActivateBotModal | null>(null);
  const [mounted, setMounted] = useState(false);
  const load = useCallback(() => {
    // Offline, the button does nothing this time; the next pointer, focus or click tries again.
    import('./ActivateBotModal').then(
      (module) => setModal(() => module.ActivateBotModal),
      () => undefined,
    );
  }, []);
  useEffect(() => setMounted(Modal !== null), [Modal]);
  return { Modal, mounted, load };
}

const STATE = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'orange' },
  inactive: { label: 'Inactive', color: 'gray' },
} as const;

interface BotBoxProps {
  /** Decimal strings from the /me snapshot. */
  coins: string;
  balance: string;
  fallbackStatus: 0 | 1;
  /** The market simulation's seed: random per page load, fixed in tests. */
  seed?: number;
}

const pageSeed = Math.floor(Math.random() * 2 ** 32);

/** SPEC §2 bot status box: status, activation, and the labelled simulated market (DESIGN D9). */
export function BotBox({ coins, balance, fallbackStatus, seed = pageSeed }: BotBoxProps) {
  const bot = useBotStatus();
  // The market moves only while the box is on the screen (it catches up when it comes back).
  const [box, boxOnScreen] = useOnScreen<HTMLDivElement>();
  const sim = useBotSimulation(seed, boxOnScreen);
  const [activating, setActivating] = useState(false);
  const activateModal = useActivateModal();
  // Below the fold on phones: the chart library loads when the chart reaches the screen, not before, so a
  // visit that stays at the top never spends a long task on it (Lighthouse mobile, DESIGN §7).
  const [chartBox, chartNear] = useNearViewport<HTMLElement>('0px');
  const state = bot.data?.state ?? (fallbackStatus === 1 ? 'active' : 'inactive');
  const shown = STATE[state];

  return (
    <Card ref={box} withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" gap="sm">
        <Group gap="sm">
          <Title order={2} fz="h4">
            Trading bot
          </Title>
          <Badge color={shown.color} variant="light" data-testid="bot-state">
            {shown.label}
          </Badge>
        </Group>
        {state !== 'active' && (
          <Button
            size="xs"
            onPointerEnter={activateModal.load}
            onFocus={activateModal.load}
            onClick={() => {
              activateModal.load();
              setActivating(true);
            }}
          >
            Activate bot
          </Button>
        )}
      </Group>
      {bot.data?.reason && (
        <Alert color={state === 'paused' ? 'orange' : 'gray'} p="xs" mb="xs">
          {bot.data.reason}
        </Alert>
      )}
      {state === 'active' && bot.data?.paidThrough && (
        <Text fz="sm" c="dimmed" mb="xs">
          Paid through {formatDateTime(bot.data.paidThrough)}
        </Text>
      )}
      <Alert color="yellow" variant="light" p="xs" mb="xs" data-testid="bot-simulated">
        <Text fw={700} fz="sm">
          {MSG.bot.simulated}
        </Text>
      </Alert>
      <Text fz="sm" c="dimmed" aria-live="polite" mb="xs" data-testid="bot-status-line">
        {sim.status}
      </Text>
      <Box
        ref={chartBox}
        component="figure"
        m={0}
        aria-label={`${MSG.bot.simulated}: candlestick chart with a 7-period moving average`}
      >
        <Suspense fallback={<Skeleton height={260} />}>
          {chartNear ? <BotChart candles={sim.candles} /> : <Skeleton height={260} animate={false} />}
        </Suspense>
      </Box>
      <Box mt="sm" className={classes.scroll}>
        <Table
          striped
          fz="xs"
          verticalSpacing={4}
          className={classes.messages}
          aria-label="Last 10 simulated bot messages"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Token</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Gain/Loss</Table.Th>
              <Table.Th>Pips</Table.Th>
              <Table.Th>Direction</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sim.messages.map((m, i) => (
              <Table.Tr key={`${m.time}-${i}`} data-testid="bot-message">
                <Table.Td>{m.time}</Table.Td>
                <Table.Td>{m.token}</Table.Td>
                <Table.Td>{m.price}</Table.Td>
                <Table.Td>{m.gainLoss}</Table.Td>
                <Table.Td>{m.pips}</Table.Td>
                <Table.Td className={m.direction === 'Gain' ? classes.gain : classes.loss}>{m.direction}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {activateModal.Modal && (
        <activateModal.Modal
          opened={activating && activateModal.mounted}
          onClose={() => setActivating(false)}
          coins={coins}
          balance={balance}
        />
      )}
    </Card>
  );
}
