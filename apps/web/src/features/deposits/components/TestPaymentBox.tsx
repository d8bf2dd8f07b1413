import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useTestPayment } from '../api/topup';
import { validTopupAmount } from './TopupAmountForm';
import { useAmountField } from '../../../lib/useAmountField';
import { useMsg } from '../../../shared/language/useMsg';

/** Shown only when the server says so (config.devTools): pays on the simulated chain, never real money. */
export function TestPaymentBox({ requestId, amountToPay }: { requestId: string; amountToPay: string }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const { amount, error, setError, input } = useAmountField();
  const pay = useTestPayment(requestId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = amount.trim();
    if (text && validTopupAmount(text) === null) {
      setError(MSG.topup.invalidAmount);
      return;
    }
    setError(null);
    pay.mutate(text || undefined);
  }

  const serverField = fieldError(pay.error, 'amount');
  return (
    <Card withBorder radius="lg" padding="md" component="form" onSubmit={onSubmit} noValidate>
      <Text fw={700}>
        <Trans>Test payment (development only)</Trans>
      </Text>
      <Text fz="sm" c="dimmed" mb="sm">
        <Trans>
          Sends USDT on the simulated chain to this address. Leave the amount empty to pay exactly {amountToPay} USDT,
          or enter another amount to test an under- or overpayment.
        </Trans>
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput label={t`Test amount (USDT, optional)`} {...input} error={error ?? serverField} w={220} />
        <Button type="submit" variant="light" loading={pay.isPending} mt={25}>
          <Trans>Send test payment</Trans>
        </Button>
      </Group>
      {pay.isError && !serverField && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {errorMessage(pay.error, { http: MSG.topup.confirmFailed, network: MSG.topup.confirmFailed })}
        </Alert>
      )}
    </Card>
  );
}
