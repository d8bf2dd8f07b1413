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
  const minimum = plan ? fromDecimalString(plan.minAmount, 'USD') : 0n;
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan ? `${plan.name} plan` : ''} centered>
      {plan && (
        <Stack gap="sm">
          <Text fz="sm">
            {plan.type} tier · daily task power {plan.dailyTask} · minimum {formatUsd(plan.minAmount)}
          </Text>
          <Text fz="sm" c="dimmed">
            Your amount is locked for the whole duration. At maturity you can withdraw the expected withdrawal plus your
            earnings, less $2.60 in fees. Breaking the plan early pays back 40% of the amount, less $2.60.
          </Text>
          <ScrollTable minWidth={320} label="Plan details">
            <Table fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Payout</Table.Th>
                  <Table.Th>On {formatUsd(plan.minAmount)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {durations.map((d) => {
                  const preview = previewInvestment(plan, d.days, minimum);
                  const ratio = plan.ratios[String(d.days)];
                  return (
                    <Table.Tr key={d.days}>
                      <Table.Td>
                        {d.days} days{d.enabled ? '' : ' (not available yet)'}
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
            Returns are not guaranteed and you can lose the money you invest. Only one plan can be active at a time.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => onPick(plan)}>Pick Plan</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
