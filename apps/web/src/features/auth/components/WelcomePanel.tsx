import { Trans } from '@lingui/react/macro';
import { Button, Collapse, Skeleton, Stack, Text, Title } from '@mantine/core';
import KeyFacts from '../../../components/ui/KeyFacts';
import { useDisclosure } from '@mantine/hooks';
import { localizeText } from '../../../shared/language/i18n';
import { usePublicConfig } from '../../../shared/public-config';
import classes from './RegisterPage.module.css';

/** Right half of the sign-up page (SPEC §2): a welcome and the key facts, with the referral rule behind "Show More". */
export function WelcomePanel() {
  const [more, { toggle }] = useDisclosure(false);
  const config = usePublicConfig();

  return (
    <section className={classes.welcome} aria-labelledby="welcome-title">
      <Stack gap="md">
        <Title order={2} id="welcome-title" c="white">
          <Trans>Welcome to SVP Invest</Trans>
        </Title>
        <Text c="white" opacity={0.92}>
          <Trans>
            Open an account in a minute. Top up with USDT on the BEP-20 network, choose a fixed-term plan, and follow
            your balance, earnings and withdrawals from one dashboard.
          </Trans>
        </Text>
        {/* Fees and the rules for taking money out, in full and never behind "Show More". */}
        <KeyFacts headingLevel={3} />
        <Collapse in={more} id="welcome-more">
          <Stack gap="sm" c="white">
            {config.isPending ? (
              <Skeleton height={40} opacity={0.4} />
            ) : (
              config.data?.referralText && <Text fw={600}>{localizeText(config.data.referralText)}</Text>
            )}
          </Stack>
        </Collapse>
        <div>
          <Button
            variant="white"
            color="dark"
            onClick={toggle}
            aria-expanded={more}
            aria-controls="welcome-more"
            size="sm"
          >
            {more ? <Trans>Show Less</Trans> : <Trans>Show More</Trans>}
          </Button>
        </div>
      </Stack>
    </section>
  );
}
