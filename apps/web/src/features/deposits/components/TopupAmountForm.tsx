import { Box, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { amountPrecisionError, formatAmount, formatUsdMicro, MSG, parseAmount, TOPUP_FEE } from '@svp/shared';
import type { FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useCreateTopup, type TopupQuote } from '../api/topup';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import KeyFacts from '../../../components/ui/KeyFacts';
import { StickyAction } from '../../../components/ui/StickyAction';
import { useAmountField } from '../../../lib/useAmountField';

/** SPEC §5: a number greater than 0 (DESIGN D2: at most 2 decimals, never parsed as a float). */
export function validTopupAmount(text: string): bigint | null {
  const amount = parseAmount(text, 'USD', 2);
  return amount !== null && amount > 0n ? amount : null;
}

export function TopupAmountForm({ onCreated }: { onCreated: (quote: TopupQuote) => void }) {
  const { amount, error, setError, input } = useAmountField();
  const create = useCreateTopup();
  const parsed = validTopupAmount(amount);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (validTopupAmount(amount) === null) {
      // Name the rule that failed: "10.005" has too many decimals, it is not "not greater than 0".
      setError(amountPrecisionError(amount, 'USD') ?? MSG.topup.invalidAmount);
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
        How much do you want to add?
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        Enter the amount in US dollars. A {formatUsdMicro(TOPUP_FEE, 0)} fee is added, and you pay the total in USDT on
        the BEP-20 (BNB Smart Chain) network.
      </Text>
      <Stack gap="sm" maw={640}>
        <Box maw={420}>
          <TextInput label="Amount (USD)" name="amount" leftSection="$" {...input} error={error ?? serverField} />
        </Box>
        {parsed !== null && (
          <Text fz="sm" aria-live="polite">
            You will pay <b>{formatAmount(parsed + TOPUP_FEE, 'USD')} USDT</b> ({formatAmount(parsed, 'USD')} +{' '}
            {formatUsdMicro(TOPUP_FEE)} fee).
          </Text>
        )}
        <KeyFacts headingLevel={3} />
        <ErrorAlert message={general} />
        <StickyAction>
          <Button type="submit" loading={create.isPending}>
            Continue to payment
          </Button>
        </StickyAction>
      </Stack>
    </Card>
  );
}
