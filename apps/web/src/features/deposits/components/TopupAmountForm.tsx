import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { amountPrecisionError, formatAmount, formatUsdMicro, parseAmount, TOPUP_FEE } from '@svp/shared';
import type { FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useCreateTopup, type TopupQuote } from '../api/topup';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import KeyFacts from '../../../components/ui/KeyFacts';
import { StickyAction } from '../../../components/ui/StickyAction';
import { useAmountField } from '../../../lib/useAmountField';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

/** SPEC §5: a number greater than 0 (DESIGN D2: at most 2 decimals, never parsed as a float). */
export function validTopupAmount(text: string): bigint | null {
  const amount = parseAmount(text, 'USD', 2);
  return amount !== null && amount > 0n ? amount : null;
}

export function TopupAmountForm({ onCreated }: { onCreated: (quote: TopupQuote) => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const { amount, error, setError, input } = useAmountField();
  const create = useCreateTopup();
  const parsed = validTopupAmount(amount);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (validTopupAmount(amount) === null) {
      // Name the rule that failed: "10.005" has too many decimals, it is not "not greater than 0".
      const precision = amountPrecisionError(amount, 'USD');
      setError(precision ? localizeText(precision) : MSG.topup.invalidAmount);
      return;
    }
    setError(null);
    create.mutate(amount.trim(), { onSuccess: onCreated });
  }

  const serverField = fieldError(create.error, 'amount');
  const general =
    create.isError && !serverField
      ? errorMessage(create.error, { http: MSG.topup.requestFailed, network: MSG.topup.sendFailed })
      : null;

  const fee = formatUsdMicro(TOPUP_FEE, 0);
  return (
    // overflow visible: the sticky action sticks to the screen, not inside a clipping card.
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="form"
      onSubmit={onSubmit}
      noValidate
      style={{ overflow: 'visible' }}
    >
      <Title order={2} fz="h4" mb="xs">
        <Trans>How much do you want to add?</Trans>
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        <Trans>
          Enter the amount in US dollars. A {fee} fee is added, and you pay the total in USDT on the BEP-20 (BNB Smart
          Chain) network.
        </Trans>
      </Text>
      <Stack gap="sm" maw={640}>
        <Box maw={420}>
          <TextInput label={t`Amount (USD)`} name="amount" leftSection="$" {...input} error={error ?? serverField} />
        </Box>
        {parsed !== null && (
          <Text fz="sm" aria-live="polite">
            <PayTotal parsed={parsed} />
          </Text>
        )}
        <KeyFacts headingLevel={3} />
        <ErrorAlert message={general} />
        <StickyAction>
          <Button type="submit" loading={create.isPending}>
            <Trans>Continue to payment</Trans>
          </Button>
        </StickyAction>
      </Stack>
    </Card>
  );
}

/** "You will pay 10.50 USDT (10.00 + $0.50 fee)." */
function PayTotal({ parsed }: { parsed: bigint }) {
  const total = formatAmount(parsed + TOPUP_FEE, 'USD');
  const amount = formatAmount(parsed, 'USD');
  const fee = formatUsdMicro(TOPUP_FEE);
  return (
    <Trans>
      You will pay <b>{total} USDT</b> ({amount} + {fee} fee).
    </Trans>
  );
}
