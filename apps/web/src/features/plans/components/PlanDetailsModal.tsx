import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatUsd, formatUsdMicro, fromDecimalString } from '@svp/shared';
import type { Plan, PlansResponse } from '../api/plans';
import { ratioLabel } from './PlanCard';
import { previewInvestment } from './preview';
import { ScrollTable } from '../../../components/ui/ScrollTable';

interface PlanDetailsModalProps {
  plan: Plan | null;
  durations: PlansResponse['durations'];
  onClose: () => void;
  onPick: (plan: Plan) => void;
}

/** SPEC §2 plan-details modal: everything about one plan, with the payout at its minimum for each duration. */
export function PlanDetailsModal({ plan, durations, onClose, onPick }: PlanDetailsModalProps) {
  const { t } = useLingui();
  const minimum = plan ? fromDecimalString(plan.minAmount, 'USD') : 0n;
  const name = plan?.name;
  const type = plan?.type;
  const dailyTask = plan?.dailyTask;
  const minimumText = plan ? formatUsd(plan.minAmount) : '';
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan ? t`${name} plan` : ''} centered>
      {plan && (
        <Stack gap="sm">
          <Text fz="sm">
            <Trans>
              {type} tier · daily task power {dailyTask} · minimum {minimumText}
            </Trans>
          </Text>
          <Text fz="sm" c="dimmed">
            <Trans>
              Your amount is locked for the whole duration. At maturity you can withdraw the expected withdrawal plus
              your earnings, less $2.60 in fees. Breaking the plan early pays back 40% of the amount, less $2.60.
            </Trans>
          </Text>
          <ScrollTable minWidth={320} label={t`Plan details`}>
            <Table fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Duration</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Payout</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>On {minimumText}</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {durations.map((d) => {
                  const preview = previewInvestment(plan, d.days, minimum);
                  const ratio = plan.ratios[String(d.days)];
                  return (
                    <Table.Tr key={d.days}>
                      <Table.Td>
                        {d.enabled
                          ? t`${plural(d.days, { one: '# day', other: '# days' })}`
                          : t`${plural(d.days, { one: '# day (not available yet)', other: '# days (not available yet)' })}`}
                      </Table.Td>
                      <Table.Td>{ratio ? ratioLabel(ratio) : '—'}</Table.Td>
                      <Table.Td>{preview ? formatUsdMicro(preview.expectedWithdrawal) : '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Text fz="xs" c="dimmed">
            <Trans>
              Returns are not guaranteed and you can lose the money you invest. Only one plan can be active at a time.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button onClick={() => onPick(plan)}>
              <Trans>Pick Plan</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
