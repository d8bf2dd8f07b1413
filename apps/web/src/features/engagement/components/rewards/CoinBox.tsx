import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Title } from '@mantine/core';
import { formatDecimal, fromDecimalString } from '@svp/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../lib/errors';
import { useClaimDaily, useRewards } from '../../api/rewards';
import { WelcomeModal } from './WelcomeModal';
import { showDone } from '../done-notice';
import { SmallFigure } from '../../../../components/ui/SmallFigure';
import { useMsg } from '../../../../shared/language/useMsg';

// SPEC §4: the welcome modal opens by itself once per page load while the reward is unclaimed.
let autoOpened = false;
/** For tests: behave as after a fresh page load. */
export function resetWelcomeAutoOpen() {
  autoOpened = false;
}

interface CoinBoxProps {
  /** From the /me snapshot, shown should its answer carry no reward status (useRewards). */
  coins: string;
  dailyCoins: string;
}

/** SPEC §2 coin box: Coins, Daily Coins, "Claim Daily Bonus" and, while unclaimed, "Claim Welcome Coin". */
export function CoinBox(props: CoinBoxProps) {
  const { t } = useLingui();
  const MSG = useMsg();
  const rewards = useRewards();
  const claimDaily = useClaimDaily();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const coins = rewards.data?.coins ?? props.coins;
  const dailyCoins = rewards.data?.dailyCoins ?? props.dailyCoins;
  const unclaimed = rewards.data?.rewardClaimed === 0;

  useEffect(() => {
    if (unclaimed && !autoOpened) {
      autoOpened = true;
      setWelcomeOpen(true);
    }
  }, [unclaimed]);

  function onClaimDaily() {
    claimDaily.mutate(undefined, {
      onSuccess: showDone(),
    });
  }

  const noDaily = fromDecimalString(dailyCoins, 'COIN') <= 0n;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        <Trans>Coins</Trans>
      </Title>
      <Group gap="xl" mb="xs">
        <SmallFigure label={t`Coins`} value={formatDecimal(coins)} testId="coins" />
        <SmallFigure label={t`Daily Coins`} value={formatDecimal(dailyCoins)} testId="daily-coins" />
      </Group>
      {claimDaily.isError && (
        <Alert color="red" role="alert" p="xs" mb="xs">
          {errorMessage(claimDaily.error, { http: MSG.rewards.dailyFailed, network: MSG.rewards.dailyError })}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          onClick={onClaimDaily}
          disabled={noDaily || claimDaily.isPending}
          loading={claimDaily.isPending}
        >
          <Trans>Claim Daily Bonus</Trans>
        </Button>
        {unclaimed && (
          <Button size="xs" variant="light" color="grape" onClick={() => setWelcomeOpen(true)}>
            <Trans>Claim Welcome Coin</Trans>
          </Button>
        )}
      </Group>
      <Group gap="xs" mt="sm">
        <Button component={Link} to="/dashboard/dailytask" size="xs" variant="light">
          <Trans>Daily task</Trans>
        </Button>
        <Button component={Link} to="/dashboard/stakingroom" size="xs" variant="light">
          <Trans>Staking room</Trans>
        </Button>
      </Group>
      <WelcomeModal opened={welcomeOpen} onClose={() => setWelcomeOpen(false)} />
    </Card>
  );
}
