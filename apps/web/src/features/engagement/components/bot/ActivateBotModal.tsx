import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Flex, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BOT_COST_COINS, BOT_COST_USD, fromDecimalString } from '@svp/shared';
import { errorMessage } from '../../../../lib/errors';
import { useActivateBot } from '../../api/bot';
import classes from './BotBox.module.css';
import { showDone } from '../done-notice';
import { useMsg } from '../../../../shared/language/useMsg';

// Loaded with the dialog, not with the home page (the dashboard's budget).
const KeyFacts = lazy(() => import('../../../../components/ui/KeyFacts'));

interface ActivateBotModalProps {
  opened: boolean;
  onClose: () => void;
  /** Decimal strings from the /me snapshot. */
  coins: string;
  balance: string;
}

/** SPEC §2 bot activation modal: pay with 500,000 Coins or $5; Cancel. */
export function ActivateBotModal({ opened, onClose, coins, balance }: ActivateBotModalProps) {
  const { t } = useLingui();
  const MSG = useMsg();
  const activate = useActivateBot();
  const enoughCoins = fromDecimalString(coins, 'COIN') >= BOT_COST_COINS;
  const enoughBalance = fromDecimalString(balance, 'USD') >= BOT_COST_USD;

  function pay(method: 'coins' | 'balance') {
    activate.mutate(method, {
      onSuccess: showDone(onClose),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t`Activate the trading bot`} centered>
      <Stack gap="sm">
        <Text>
          <Trans>Choose how to pay for the activation: 500,000 SVP Coins or $5 from your balance.</Trans>
        </Text>
        <Suspense fallback={<Skeleton height={120} />}>
          <KeyFacts headingLevel={3} />
        </Suspense>
        {!enoughCoins && !enoughBalance && (
          <Text className={classes.hint} fz="sm" fw={600} data-testid="bot-hint">
            {MSG.bot.hint}
          </Text>
        )}
        {activate.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorMessage(activate.error, { http: MSG.bot.failed, network: MSG.bot.error })}
          </Alert>
        )}
        {/* Side by side where they fit; stacked at full width on phones. */}
        <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant="light"
            onClick={() => pay('coins')}
            loading={activate.isPending && activate.variables === 'coins'}
            disabled={activate.isPending}
          >
            <Trans>Pay 500,000 Coins</Trans>
          </Button>
          <Button
            onClick={() => pay('balance')}
            loading={activate.isPending && activate.variables === 'balance'}
            disabled={activate.isPending}
          >
            <Trans>Pay $5</Trans>
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
