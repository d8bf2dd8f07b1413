import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { withdrawalPayoutText, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import { QueryList } from '../../../../components/ui/QueryList';
import { SectionCard } from '../../../../components/ui/SectionCard';
import { useLateWithdrawals } from '../../api/withdrawal-controls';
import { localizeText } from '../../../../shared/language/i18n';

// The status as the queue's API names it (English readers see these very words).
const STATUS_WORDS: Record<string, MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  paid: msg`paid`,
  rejected: msg`rejected`,
};

/** The spec's promise measured (ADR 0044): withdrawals past their due time and not paid, the longest overdue first. */
export function LateWithdrawals() {
  const { t, i18n } = useLingui();
  const late = useLateWithdrawals();
  return (
    <SectionCard title={t`Past the promised time`} size="h4" titleId="late-withdrawals-title">
      <Text fz="xs" c="dimmed" mb="xs">
        {localizeText(WITHDRAWAL_CONTROLS_MSG.promise)}
      </Text>
      <QueryList
        query={late}
        loadingLabel={t`Loading late withdrawals`}
        empty={t`None: every withdrawal is within its time.`}
      >
        {(rows) => (
          <Table aria-label={t`Late withdrawals`} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>User</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Payout</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Late by</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => {
                const hoursLate = w.hoursLate;
                const statusWord = STATUS_WORDS[w.status];
                return (
                  <Table.Tr key={w.id} data-testid="late-withdrawal">
                    <Table.Td>{w.username}</Table.Td>
                    <Table.Td>{withdrawalPayoutText(w)}</Table.Td>
                    <Table.Td>{statusWord ? i18n._(statusWord) : w.status}</Table.Td>
                    <Table.Td>{t`${hoursLate} h`}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
    </SectionCard>
  );
}
