import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { CopyButton } from '../../../components/ui/CopyButton';
import { usePublicConfig } from '../../../shared/public-config';
import { useTopupStatus, type TopupQuote } from '../api/topup';
import { PaymentReceived } from './PaymentReceived';
import { TestPaymentBox } from './TestPaymentBox';
import { formatClock, usePaymentWindow } from './usePaymentWindow';

const PaymentQrCode = lazy(() => import('./PaymentCodes').then((m) => ({ default: m.PaymentQrCode })));
const AddressBarcode = lazy(() => import('./PaymentCodes').then((m) => ({ default: m.AddressBarcode })));

/** Trust Wallet's send link for USDT on BNB Smart Chain (coin 20000714); the token comes from the payment URI. */
export function trustWalletLink(quote: Pick<TopupQuote, 'walletAddress' | 'amountToPay' | 'paymentUri'>): string {
  const params = new URLSearchParams({ coin: '20000714', address: quote.walletAddress, amount: quote.amountToPay });
  const token = /^ethereum:(0x[0-9a-fA-F]{40})/.exec(quote.paymentUri)?.[1];
  if (token) params.set('token_id', token);
  return `https://link.trustwallet.com/send?${params.toString()}`;
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fz={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

/** Amount, fee, total, the BEP-20 warning, the address with copy and Trust Wallet, and the codes. */
function PaymentInstructions({ quote }: { quote: TopupQuote }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          <Line label={t`Amount`} value={formatUsd(quote.amount)} />
          <Line label={t`Top-up fee`} value={formatUsd(quote.fee)} />
          <Divider />
          <Line label={t`Amount to pay`} value={`${quote.amountToPay} USDT`} strong />
          <Alert color="yellow" variant="light" title={t`USDT on BEP-20 only`}>
            <Trans>
              Send only USDT on the BNB Smart Chain (BEP-20) network to this address. Other tokens or networks cannot be
              credited.
            </Trans>
          </Alert>
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              <Trans>Deposit address</Trans>
            </Text>
            <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="deposit-address">
              {quote.walletAddress}
            </Text>
          </div>
          <Group gap="xs">
            <CopyButton value={quote.walletAddress} label={t`Copy address`} ariaLabel={t`Copy deposit address`} />
            <Button
              component="a"
              href={trustWalletLink(quote)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
            >
              <Trans>Pay with Trust Wallet</Trans>
            </Button>
          </Group>
          <Text fz="sm" c="dimmed">
            <Trans>
              The timer is only a guide: a payment that arrives after it ends is still credited to your balance. We
              check for your payment every 30 seconds.
            </Trans>
          </Text>
        </Stack>
        <Suspense fallback={<Loader mx="auto" my="xl" aria-label={t`Loading the QR code`} />}>
          <PaymentQrCode paymentUri={quote.paymentUri} address={quote.walletAddress} />
        </Suspense>
      </SimpleGrid>
      <Suspense fallback={null}>
        <Stack mt="md">
          <AddressBarcode address={quote.walletAddress} />
        </Stack>
      </Suspense>
    </>
  );
}

interface PaymentViewProps {
  quote: TopupQuote;
  /** `expired`: the countdown ran out without a payment (the view closes itself, SPEC §4). */
  onClose: (reason: 'expired' | 'user') => void;
}

export function PaymentView({ quote, onClose }: PaymentViewProps) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const status = useTopupStatus(quote.requestId, true);
  const paid = status.data?.status === 'paid';
  const left = usePaymentWindow(quote.expiresAt, paid, () => onClose('expired'));
  const links = config.data?.links;
  const clock = formatClock(left);

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center" mb="md" gap="xs">
          <Title order={2} fz="h4">
            {paid ? <Trans>Payment received</Trans> : <Trans>Send your payment</Trans>}
          </Title>
          {paid ? (
            <Badge color="green" size="lg" variant="light">
              <Trans>Paid</Trans>
            </Badge>
          ) : (
            <Badge color={left > 60 ? 'blue' : 'red'} size="lg" variant="light" tt="none">
              <Trans>
                Time left{' '}
                <span role="timer" aria-label={t`Time left ${clock}`}>
                  {clock}
                </span>
              </Trans>
            </Badge>
          )}
        </Group>

        {paid && status.data ? (
          <PaymentReceived payments={status.data.newPayments} />
        ) : (
          <PaymentInstructions quote={quote} />
        )}

        <Group justify="space-between" mt="lg" gap="sm">
          {/* A link's name never breaks across lines ("Chat / bot" at 375 px): whole links wrap. */}
          <Text fz="sm">
            <Trans>Need help?</Trans>{' '}
            {links?.channel && (
              <HelpLink href={links.channel}>
                <Trans>Messaging channel</Trans>
              </HelpLink>
            )}
            {links?.channel && links.chatBot && ' · '}
            {links?.chatBot && (
              <HelpLink href={links.chatBot}>
                <Trans>Chat bot</Trans>
              </HelpLink>
            )}
          </Text>
          <Button variant={paid ? 'filled' : 'default'} onClick={() => onClose('user')}>
            {paid ? <Trans>Done</Trans> : <Trans>Close</Trans>}
          </Button>
        </Group>
      </Card>

      {config.data?.devTools && !paid && <TestPaymentBox requestId={quote.requestId} amountToPay={quote.amountToPay} />}
    </Stack>
  );
}

/** An outside help link whose name never breaks across lines. */
function HelpLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Anchor>
  );
}
