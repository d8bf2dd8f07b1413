import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { formatDate } from '../../../lib/text';
import type { Investment } from '../api/plans';
import { localizeText } from '../../../shared/language/i18n';

export interface InvestResult {
  message: string;
  investment: Investment;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={700}>
        {value}
      </Text>
    </Group>
  );
}

/** SPEC §2 success modal after a plan starts. */
export function InvestSuccessModal({ result, onClose }: { result: InvestResult | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={result !== null} onClose={onClose} title={t`Investment started`} centered>
      {result && (
        <Stack gap="sm">
          <Text>{localizeText(result.message)}</Text>
          <Row label={t`Plan`} value={result.investment.plan} />
          <Row label={t`Amount invested`} value={formatUsd(result.investment.amount)} />
          <Row label={t`Expected withdrawal`} value={formatUsd(result.investment.expectedWithdrawal)} />
          <Row label={t`Expected profit`} value={formatUsd(result.investment.expectedProfit)} />
          <Row label={t`Maturity date`} value={formatDate(result.investment.endsAt)} />
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <Trans>OK</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
