import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TopupQuote } from '../api/topup';
import { PaymentView } from './PaymentView';
import { TopupAmountForm } from './TopupAmountForm';
import { PageHeader } from '../../../components/ui/PageHeader';

/** SPEC §2/§4 top-up panel: amount form → wallet view (countdown, codes, copy) → paid → closed. */
export default function TopupPage() {
  const { t } = useLingui();
  const [quote, setQuote] = useState<TopupQuote | null>(null);
  const [expired, setExpired] = useState(false);

  return (
    <Stack gap="md">
      <PageHeader
        title={t`Top Up`}
        description={t`Add money to your balance with USDT on the BEP-20 (BNB Smart Chain) network.`}
      />
      {quote ? (
        <PaymentView
          key={quote.requestId}
          quote={quote}
          onClose={(reason) => {
            setExpired(reason === 'expired');
            setQuote(null);
          }}
        />
      ) : (
        <>
          {expired && (
            <Alert color="blue" variant="light" radius="lg" title={t`The payment window has closed`} role="status">
              <Trans>
                If you already sent your payment, it is still credited when it arrives: watch your balance and your
                History. To pay again, start a new top-up.
              </Trans>
            </Alert>
          )}
          <TopupAmountForm
            onCreated={(created) => {
              setExpired(false);
              setQuote(created);
            }}
          />
        </>
      )}
    </Stack>
  );
}
