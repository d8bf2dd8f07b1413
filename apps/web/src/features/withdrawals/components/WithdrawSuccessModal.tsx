import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { formatDateTime } from '../../../lib/text';
import type { WithdrawalResult } from '../api/withdrawals';
import { MoneyLine } from './WithdrawForm';
import { localizeText } from '../../../shared/language/i18n';

/** SPEC §4: after success a modal appears; OK reloads the page's data. */
export function WithdrawSuccessModal({ result, onOk }: { result: WithdrawalResult | null; onOk: () => void }) {
  const { t } = useLingui();
  const w = result?.withdrawal;
  const wallet = w?.wallet;
  return (
    <Modal opened={result !== null} onClose={onOk} title={t`Withdrawal requested`} centered>
      {result && w && (
        <Stack gap="sm">
          <Text>{localizeText(result.message)}</Text>
          <MoneyLine label={t`You will receive`} value={withdrawalPayoutText(w)} strong />
          <MoneyLine label={t`Due by`} value={formatDateTime(w.dueAt)} />
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans>To {wallet}</Trans>
          </Text>
          <Group justify="flex-end">
            <Button onClick={onOk}>
              <Trans>OK</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
