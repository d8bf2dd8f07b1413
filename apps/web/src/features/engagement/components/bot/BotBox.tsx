import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Box, Button, Card, Center, Group, NativeSelect, Table, Text, Title } from '@mantine/core';
import { BOT_SIM, type BotMessage, type BotToken } from '@svp/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../../lib/text';
import { useBotStatus } from '../../api/bot';
import type { ActivateBotModal } from './ActivateBotModal';
import classes from './BotBox.module.css';
import { ScrollTable } from '../../../../components/ui/ScrollTable';
import { useBotSimulation } from './useBotSimulation';
import { useNearViewport } from './useNearViewport';
import { useOnScreen } from './useOnScreen';
import { localizeText } from '../../../../shared/language/i18n';
import { useMsg } from '../../../../shared/language/useMsg';

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

const STATE: Record<'active' | 'paused' | 'inactive', { label: MessageDescriptor; color: string }> = {
  active: { label: msg`Active`, color: 'green' },
  paused: { label: msg`Paused`, color: 'orange' },
  inactive: { label: msg`Inactive`, color: 'gray' },
};

const DIRECTIONS: Record<BotMessage['direction'], MessageDescriptor> = { Gain: msg`Gain`, Loss: msg`Loss` };

interface BotBoxProps {
  /** Decimal strings from the /me snapshot. */
  coins: string;
  balance: string;
  fallbackStatus: 0 | 1;
  /** The market simulation's seed: random per page load, fixed in tests. */
  seed?: number;
}

const pageSeed = Math.floor(Math.random() * 2 ** 32);

/**
 * What stands where the chart will be until it is drawn: a labelled box, never a blank grey one (
 * on a phone the chart waits below the fold until it is scrolled to).
 */
function ChartPlaceholder({ text }: { text: string }) {
  return (
    <Center h={260} className={classes.placeholder} data-testid="bot-chart-placeholder">
      <Text fz="sm" c="dimmed" ta="center" px="md">
        {text}
      </Text>
    </Center>
  );
}

/** SPEC §2 bot status box: status, activation, and the labelled simulated market (DESIGN D9). */
export function BotBox({ coins, balance, fallbackStatus, seed = pageSeed }: BotBoxProps) {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const bot = useBotStatus();
  // The market moves only while the box is on the screen (it catches up when it comes back).
  const [box, boxOnScreen] = useOnScreen<HTMLDivElement>();
  const sim = useBotSimulation(seed, boxOnScreen);
  const [activating, setActivating] = useState(false);
  const activateModal = useActivateModal();
  // Below the fold on phones: the chart library loads when the chart reaches the screen, not before, so a
  // visit that stays at the top never spends a long task on it (Lighthouse mobile, DESIGN §7).
  const [chartBox, chartNear] = useNearViewport<HTMLElement>('0px');
  const [symbol, setSymbol] = useState<BotToken>(BOT_SIM.tokens[0]);
  const state = bot.data?.state ?? (fallbackStatus === 1 ? 'active' : 'inactive');
  const shown = STATE[state];
  const paidThrough = formatDateTime(bot.data?.paidThrough);
  const simulated = MSG.bot.simulated;

  return (
    <Card ref={box} withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" gap="sm">
        <Group gap="sm">
          <Title order={2} fz="h4">
            <Trans>Trading bot</Trans>
          </Title>
          <Badge color={shown.color} variant="light" data-testid="bot-state">
            {i18n._(shown.label)}
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
            <Trans>Activate bot</Trans>
          </Button>
        )}
      </Group>
      {bot.data?.reason && (
        <Alert color={state === 'paused' ? 'orange' : 'gray'} p="xs" mb="xs">
          {localizeText(bot.data.reason)}
        </Alert>
      )}
      {state === 'active' && bot.data?.paidThrough && (
        <Text fz="sm" c="dimmed" mb="xs">
          <Trans>Paid through {paidThrough}</Trans>
        </Text>
      )}
      <Alert color="yellow" variant="light" p="xs" mb="xs" data-testid="bot-simulated">
        <Text fw={700} fz="sm">
          {MSG.bot.simulated}
        </Text>
      </Alert>
      <Text fz="sm" c="dimmed" aria-live="polite" mb="xs" data-testid="bot-status-line">
        {localizeText(sim.status)}
      </Text>
      <Group justify="space-between" align="flex-end" gap="xs" mb={4}>
        <Text fz="sm" fw={700} data-testid="bot-chart-symbol">
          <Trans>{symbol} · simulated</Trans>
        </Text>
        <NativeSelect
          size="xs"
          label={t`Chart symbol`}
          data={[...BOT_SIM.tokens]}
          value={symbol}
          onChange={(e) => setSymbol(e.currentTarget.value as BotToken)}
          w={130}
        />
      </Group>
      <Box
        ref={chartBox}
        component="figure"
        m={0}
        aria-label={t`${simulated}: ${symbol} candlestick chart with a 7-period moving average`}
      >
        <Suspense fallback={<ChartPlaceholder text={t`Loading the simulated ${symbol} chart…`} />}>
          {chartNear ? (
            <BotChart candles={sim.candles[symbol]} />
          ) : (
            <ChartPlaceholder text={t`Simulated ${symbol} chart: it is drawn when it comes into view.`} />
          )}
        </Suspense>
      </Box>
      {/*
        One line per message, columns aligned, on a wide screen; on a phone each message is a card, its six
        values three to a line under their names, so no column is cut off at the screen's edge.
      */}
      <Box mt="sm">
        <ScrollTable minWidth={330} label={t`Simulated bot messages`} cardColumns={3}>
          <Table
            striped
            fz="xs"
            verticalSpacing={4}
            horizontalSpacing={6}
            className={classes.messages}
            aria-label={t`Last 10 simulated bot messages`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Time</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Token</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Price</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Gain/Loss</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Pips</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Direction</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sim.messages.map((m, i) => (
                <Table.Tr key={`${m.time}-${i}`} data-testid="bot-message">
                  <Table.Td>{m.time}</Table.Td>
                  <Table.Td>{m.token}</Table.Td>
                  <Table.Td ta="right">{m.price}</Table.Td>
                  <Table.Td ta="right">{m.gainLoss}</Table.Td>
                  <Table.Td ta="right">{m.pips}</Table.Td>
                  <Table.Td className={m.direction === 'Gain' ? classes.gain : classes.loss}>
                    {i18n._(DIRECTIONS[m.direction])}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
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
