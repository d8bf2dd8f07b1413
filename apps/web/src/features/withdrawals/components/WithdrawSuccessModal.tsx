import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { withdrawalPayoutText } from '@svp/shared';
import { formatDateTime } from '../../../lib/text';
import type { WithdrawalResult } from '../api/withdrawals';
import { MoneyLine } from './WithdrawForm';

/** SPEC §4: after success a modal appears; OK reloads the page's data. */
export function WithdrawSuccessModal({ result, onOk }: { result: WithdrawalResult | null; onOk: () => void }) {
  const w = result?.withdrawal;
  return (
    <Modal opened={result !== null} onClose={onOk} title="Withdrawal requested" centered>
      {result && w && (
        <Stack gap="sm">
          <Text>{result.message}</Text>
          <MoneyLine label="You will receive" value={withdrawalPayoutText(w)} strong />
          <MoneyLine label="Due by" value={formatDateTime(w.dueAt)} />
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            To {w.wallet}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onOk}>OK</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
