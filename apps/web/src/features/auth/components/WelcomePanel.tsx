import { Button, Collapse, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { usePublicConfig } from '../../../shared/public-config';
import classes from './RegisterPage.module.css';

/** Right half of the sign-up page (SPEC §2): a welcome, with more detail behind "Show More". */
export function WelcomePanel() {
  const [more, { toggle }] = useDisclosure(false);
  const config = usePublicConfig();

  return (
    <section className={classes.welcome} aria-labelledby="welcome-title">
      <Stack gap="md">
        <Title order={2} id="welcome-title" c="white">
          Welcome to SVP Invest
        </Title>
        <Text c="white" opacity={0.92}>
          Open an account in a minute. Top up with USDT on the BEP-20 network, choose a fixed-term plan, and follow your
          balance, earnings and withdrawals from one dashboard.
        </Text>
        <Collapse in={more} id="welcome-more">
          <Stack gap="sm" c="white">
            {config.isPending ? (
              <Skeleton height={40} opacity={0.4} />
            ) : (
              config.data?.referralText && <Text fw={600}>{config.data.referralText}</Text>
            )}
            <List spacing={4} c="white" fz="sm">
              <List.Item>Plans start at $10 and run for 45 days.</List.Item>
              <List.Item>Top-ups carry a $3 fee; withdrawals carry $2.60 in fees.</List.Item>
              <List.Item>Withdrawals are paid within 48 hours to 3 days, never on Sundays.</List.Item>
              <List.Item>Returns are not guaranteed and capital can be lost. You must be 18 or older.</List.Item>
            </List>
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
            {more ? 'Show Less' : 'Show More'}
          </Button>
        </div>
      </Stack>
    </section>
  );
}
