import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TAP_AUTOSAVE_MS } from '@svp/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/errors';
import { useSaveTaps, useTaps } from '../../api/taps';
import classes from './DailyTaskPage.module.css';
import { formatCount } from '../../../../lib/text';
import { localizeText } from '../../../../shared/language/i18n';
import { useMsg } from '../../../../shared/language/useMsg';

/** SPEC §9 tap value: 0.25 coin. The counter is kept as a tap count, so no float ever adds up. */
export const counterText = (taps: number) => {
  const quarters = taps * 25; // hundredths of a coin
  return `${Math.floor(quarters / 100)}.${String(quarters % 100).padStart(2, '0')}`;
};

/**
 * SPEC §2 daily task: tap for 0.25 coin a tap, then "Secure Coins" saves the taps on the server. Unsaved taps are
 * also saved on their own TAP_AUTOSAVE_MS after the first of them: the server banks at most one save window's
 * taps per save (DESIGN D9), so a long session saved once at its end would be refused.
 */
export default function DailyTaskPage() {
  const { t } = useLingui();
  const MSG = useMsg();
  const totals = useTaps();
  const save = useSaveTaps();
  const [taps, setTaps] = useState(0);
  const [flashes, setFlashes] = useState<number[]>([]);
  const [localError, setLocalError] = useState<string | null>(null);
  // The count the autosave's timer reads when it fires (it is armed once, at the first unsaved tap).
  const unsaved = useRef(0);
  useEffect(() => {
    unsaved.current = taps;
  }, [taps]);

  /** Saves `clicks` taps; taps made while the save is on its way stay unsaved. */
  function secure(clicks: number, notify: boolean) {
    save.mutate(clicks, {
      onSuccess: (saved) => {
        setTaps((n) => n - clicks);
        if (notify)
          notifications.show({
            message: saved.message ? localizeText(saved.message) : MSG.taps.saved,
            color: 'green',
          });
      },
    });
  }

  const hasUnsaved = taps > 0;
  useEffect(() => {
    if (!hasUnsaved || save.isPending) return;
    const timer = setTimeout(() => secure(unsaved.current, false), TAP_AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- armed by these two only; `secure` is new each render
  }, [hasUnsaved, save.isPending]);

  function onTap() {
    setTaps((n) => n + 1);
    setLocalError(null); // "No Coin to save." is no longer true
    const id = Date.now() + Math.random();
    setFlashes((list) => [...list.slice(-4), id]);
    setTimeout(() => setFlashes((list) => list.filter((f) => f !== id)), 600);
  }

  function onSecure() {
    save.reset();
    if (taps === 0) {
      setLocalError(MSG.taps.none);
      return;
    }
    setLocalError(null);
    secure(taps, true);
  }

  const error =
    localError ??
    (save.isError ? errorMessage(save.error, { http: MSG.taps.saveError, network: MSG.taps.saveError }) : null);

  const autosaveSeconds = TAP_AUTOSAVE_MS / 1000;
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Title order={1} fz="h3" mb="xs">
          <Trans>Daily Task</Trans>
        </Title>
        <Text c="dimmed" fz="sm">
          <Trans>
            Tap the coin: every tap earns 0.25 SVP Coins. Click &quot;Secure Coins&quot; to save them to your account;
            taps left unsaved are saved on their own after {autosaveSeconds} seconds.
          </Trans>
        </Text>
      </Card>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            <Trans>Unsaved coins</Trans>
          </Text>
          <Text fz={40} fw={800} data-testid="tap-counter" aria-live="polite">
            {counterText(taps)}
          </Text>
          <Box pos="relative">
            <Button className={classes.tap} onClick={onTap} aria-label={t`Tap to earn 0.25 coins`}>
              <Trans>TAP</Trans>
            </Button>
            {flashes.map((id) => (
              <span key={id} className={classes.flash} aria-hidden="true">
                +0.25
              </span>
            ))}
          </Box>
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group>
            <Button onClick={onSecure} loading={save.isPending} size="md">
              <Trans>Secure Coins</Trans>
            </Button>
          </Group>
          <Text fz="sm" data-testid="total-clicks">
            <Trans>Total Clicks:</Trans>{' '}
            <Text span fw={700}>
              {totals.isError ? '—' : totals.data ? formatCount(totals.data.totalClicks) : '…'}
            </Text>
          </Text>
          {totals.isError && (
            <Text c="red.8" fz="sm" role="alert">
              {MSG.taps.loadFailed}
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
