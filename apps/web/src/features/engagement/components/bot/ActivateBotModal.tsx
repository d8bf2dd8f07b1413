import { Alert, Button, Flex, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BOT_COST_COINS, BOT_COST_USD, fromDecimalString, MSG } from '@svp/shared';
import { errorMessage } from '../../../../lib/errors';
import { useActivateBot } from '../../api/bot';
import classes from './BotBox.module.css';
import { showDone } from '../done-notice';

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
  const activate = useActivateBot();
  const enoughCoins = fromDecimalString(coins, 'COIN') >= BOT_COST_COINS;
  const enoughBalance = fromDecimalString(balance, 'USD') >= BOT_COST_USD;

  function pay(method: 'coins' | 'balance') {
    activate.mutate(method, {
      onSuccess: showDone(onClose),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Activate the trading bot" centered>
      <Stack gap="sm">
        <Text>Choose how to pay for the activation: 500,000 SVP Coins or $5 from your balance.</Text>
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
            Cancel
          </Button>
          <Button
            variant="light"
            onClick={() => pay('coins')}
            loading={activate.isPending && activate.variables === 'coins'}
            disabled={activate.isPending}
          >
            Pay 500,000 Coins
          </Button>
          <Button
            onClick={() => pay('balance')}
            loading={activate.isPending && activate.variables === 'balance'}
            disabled={activate.isPending}
          >
            Pay $5
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
