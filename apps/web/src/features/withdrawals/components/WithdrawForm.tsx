import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Divider, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatUsd, MSG } from '@svp/shared';
import { errorMessage } from '../../../lib/errors';
import { useRequestWithdrawal, type WithdrawalQuote, type WithdrawalResult } from '../api/withdrawals';
import { StickyAction } from '../../../components/ui/StickyAction';
import { localizeText } from '../../../shared/language/i18n';

export function MoneyLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fz={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

// errorMessage shows the fallbacks in the reader's language: MSG's English words are how it finds them.
export const withdrawalErrorText = (error: unknown) =>
  errorMessage(error, { http: MSG.withdraw.failed, network: MSG.withdraw.error });

/** A withdrawal dialog's foot: the server's refusal, if there was one, then Cancel and the confirming button. */
export function ConfirmActions(props: {
  error: unknown;
  pending: boolean;
  label: string;
  color?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      {props.error != null && (
        <Alert color="red" variant="light" role="alert">
          {withdrawalErrorText(props.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color={props.color} loading={props.pending} onClick={props.onConfirm}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}

/**
 * SPEC §2/§4 withdrawal form: the wallet on file, what is owed, each fee and what arrives, and exactly which
 * conditions are not met (the server's `reasons`). Submit is enabled only when the server says it may be sent.
 */
export function WithdrawForm({
  quote,
  onDone,
}: {
  quote: WithdrawalQuote;
  onDone: (result: WithdrawalResult) => void;
}) {
  const { t } = useLingui();
  const request = useRequestWithdrawal();
  const payout = formatUsd(quote.maturity.payout);
  // Every figure is the quote's, priced by the server as the request will be: the form computes none.
  const split = quote.maturity.feeSplit;

  return (
    // overflow visible: the sticky action sticks to the screen, not inside a clipping card.
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="withdraw-form-title"
      style={{ overflow: 'visible' }}
    >
      <Title order={2} fz="h4" mb="sm" id="withdraw-form-title">
        <Trans>Withdrawal form</Trans>
      </Title>
      <Stack gap="sm">
        <Textarea
          label={t`Wallet address`}
          description={t`Your wallet on file (BEP-20). To change it, contact support.`}
          value={quote.wallet}
          readOnly
          autosize
          minRows={1}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
        <MoneyLine label={t`Expected withdrawal`} value={formatUsd(quote.expectedWithdrawal)} />
        <MoneyLine label={t`Earnings`} value={formatUsd(quote.earnings)} />
        <MoneyLine label={t`Total before fees`} value={formatUsd(quote.maturity.gross)} />
        <MoneyLine label={t`Handling fee`} value={`− ${formatUsd(split.handling)}`} />
        <MoneyLine label={t`Crypto network fee`} value={`− ${formatUsd(split.crypto)}`} />
        <MoneyLine label={t`Charity`} value={`− ${formatUsd(split.charity)}`} />
        <Divider />
        <MoneyLine label={t`You will receive`} value={payout} strong />
        <Text fz="xs" c="dimmed">
          <Trans>
            Paid to your wallet within 48 hours, counting business days only: withdrawals are not processed on Sundays.
          </Trans>
        </Text>

        {quote.reasons.length > 0 && (
          <Alert color="yellow" variant="light" title={t`You cannot submit yet`}>
            <List fz="sm" spacing={2}>
              {quote.reasons.map((reason) => (
                <List.Item key={reason}>{localizeText(reason)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {request.isError && (
          <Alert color="red" variant="light" role="alert">
            {withdrawalErrorText(request.error)}
          </Alert>
        )}
        <StickyAction>
          <Button
            disabled={!quote.canSubmit}
            loading={request.isPending}
            onClick={() => request.mutate('maturity', { onSuccess: onDone })}
          >
            <Trans>Withdraw {payout}</Trans>
          </Button>
        </StickyAction>
      </Stack>
    </Card>
  );
}
