import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Modal, Stack, Text } from '@mantine/core';
import { formatUsd, withdrawalPayoutText } from '@svp/shared';
import { useRequestWithdrawal, type WithdrawalQuote, type WithdrawalResult } from '../api/withdrawals';
import { ConfirmActions, MoneyLine } from './WithdrawForm';

interface BreakInvestmentModalProps {
  opened: boolean;
  quote: WithdrawalQuote;
  onClose: () => void;
  onDone: (result: WithdrawalResult) => void;
}

/** Ends the plan before maturity: 40% of the invested amount comes back, less $2.60 in fees. */
export function BreakInvestmentModal({ opened, quote, onClose, onDone }: BreakInvestmentModalProps) {
  const { t } = useLingui();
  const request = useRequestWithdrawal();
  const { breakInvestment: b } = quote;
  const wallet = quote.wallet;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        request.reset();
        onClose();
      }}
      title={t`Break investment`}
      centered
    >
      <Stack gap="sm">
        <Text fz="sm">
          <Trans>
            Breaking your plan before it matures ends it now. You receive 40% of the amount you invested, less $2.60 in
            fees; the rest of the amount and the expected profit are lost.
          </Trans>
        </Text>
        <MoneyLine label={t`Invested`} value={formatUsd(b.invested)} />
        <MoneyLine label={t`40% of invested`} value={formatUsd(b.gross)} />
        <MoneyLine label={t`Fees`} value={`− ${formatUsd(b.fees)}`} />
        <Divider />
        <MoneyLine
          label={t`You will receive`}
          value={withdrawalPayoutText({ kind: 'break', payout: b.payout })}
          strong
        />
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Trans>Paid to {wallet} within 48 hours (business days).</Trans>
        </Text>
        <ConfirmActions
          error={request.error}
          pending={request.isPending}
          label={t`Confirm break`}
          color="red"
          onCancel={onClose}
          onConfirm={() => request.mutate('break', { onSuccess: onDone })}
        />
      </Stack>
    </Modal>
  );
}
