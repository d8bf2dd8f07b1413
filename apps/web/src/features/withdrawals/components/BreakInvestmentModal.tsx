import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { formatAmount, formatUsd, fromDecimalString } from '@svp/shared';
import { useRequestWithdrawal, type WithdrawalQuote, type WithdrawalResult } from '../api/withdrawals';
import { MoneyLine, withdrawalErrorText } from './WithdrawForm';

/** SPEC §9: the break-investment payout is shown with 3 decimals. */
export const breakPayoutText = (payout: string) => `$${formatAmount(fromDecimalString(payout, 'USD'), 'USD', 3)}`;

interface BreakInvestmentModalProps {
  opened: boolean;
  quote: WithdrawalQuote;
  onClose: () => void;
  onDone: (result: WithdrawalResult) => void;
}

/** Ends the plan before maturity: 40% of the invested amount comes back, less $2.60 in fees. */
export function BreakInvestmentModal({ opened, quote, onClose, onDone }: BreakInvestmentModalProps) {
  const request = useRequestWithdrawal();
  const { breakInvestment: b } = quote;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        request.reset();
        onClose();
      }}
      title="Break investment"
      centered
    >
      <Stack gap="sm">
        <Text fz="sm">
          Breaking your plan before it matures ends it now. You receive 40% of the amount you invested, less $2.60 in
          fees; the rest of the amount and the expected profit are lost.
        </Text>
        <MoneyLine label="Invested" value={formatUsd(b.invested)} />
        <MoneyLine label="40% of invested" value={formatUsd(b.gross)} />
        <MoneyLine label="Fees" value={`− ${formatUsd(b.fees)}`} />
        <Divider />
        <MoneyLine label="You will receive" value={breakPayoutText(b.payout)} strong />
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Paid to {quote.wallet} within 48 hours (business days).
        </Text>
        {request.isError && (
          <Alert color="red" variant="light" role="alert">
            {withdrawalErrorText(request.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={request.isPending}
            onClick={() => request.mutate('break', { onSuccess: onDone })}
          >
            Confirm break
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
