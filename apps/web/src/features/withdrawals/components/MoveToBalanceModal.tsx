import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsd } from '@svp/shared';
import { useMoveToBalance, type WithdrawalQuote } from '../api/withdrawals';
import { ConfirmActions, MoneyLine } from './WithdrawForm';
import { localizeText } from '../../../shared/language/i18n';

interface MoveToBalanceModalProps {
  opened: boolean;
  quote: WithdrawalQuote;
  onClose: () => void;
  onDone: () => void;
}

/**
 * A matured plan can always leave the plan (ADR 0013): its expected withdrawal moves to the balance with no
 * fees, ready for a new plan, whether or not the user has the earnings a withdrawal to the wallet needs.
 */
export function MoveToBalanceModal({ opened, quote, onClose, onDone }: MoveToBalanceModalProps) {
  const { t } = useLingui();
  const move = useMoveToBalance();
  const amount = formatUsd(quote.expectedWithdrawal);
  const close = () => {
    move.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t`Move to balance`} centered>
      <Stack gap="sm">
        <Text fz="sm">
          <Trans>
            Your plan has matured. Moving it to your balance closes the plan and adds its expected withdrawal to your
            balance, with no fees, so you can start a new plan. Nothing is sent to your wallet, and your earnings stay
            where they are.
          </Trans>
        </Text>
        <MoneyLine label={t`To your balance`} value={amount} strong />
        <ConfirmActions
          error={move.error}
          pending={move.isPending}
          label={t`Move ${amount} to balance`}
          onCancel={close}
          onConfirm={() =>
            move.mutate(undefined, {
              onSuccess: (done) => {
                notifications.show({
                  title: t`Moved to balance`,
                  message: localizeText(done.message),
                  color: 'green',
                });
                onDone();
              },
            })
          }
        />
      </Stack>
    </Modal>
  );
}
