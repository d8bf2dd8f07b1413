import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Table, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { DataTable, type DataColumn } from '../../../../components/ui/DataTable';
import { QueryList } from '../../../../components/ui/QueryList';
import { useFlaggedDeposits, type FlaggedDeposit } from '../../api/flagged-deposits';
import { ConsolePage } from '../../../../components/ui/ConsolePage';
import { formatDateTime } from '../../../../lib/text';
import { localizeText } from '../../../../shared/language/i18n';
import type { MessageDescriptor } from '@lingui/core';

const FLAG_LABELS: Record<FlaggedDeposit['flag'], { label: MessageDescriptor; color: string }> = {
  under: { label: msg`Underpaid`, color: 'orange' },
  over: { label: msg`Overpaid`, color: 'blue' },
  unrequested: { label: msg`No request`, color: 'grape' },
  rejected: { label: msg`Rejected`, color: 'red' },
};

/** "$12.50"; an amount too large for formatUsd (a rejected transfer can be any size) as it came. */
function usdOrAsReceived(decimal: string): string {
  try {
    return formatUsd(decimal);
  } catch {
    return `$${decimal}`;
  }
}

/**
 * /dashadmin/deposits: payments that did not match their top-up request, or came without one (DESIGN D8):
 * each was credited as received. And transfers that were rejected (not credited: above the ceiling, or they
 * could not be recorded), each with its reason. The admin follows them up with the user (and adjusts a
 * balance if needed).
 */
export default function FlaggedDepositsPage() {
  const { t, i18n } = useLingui();
  const deposits = useFlaggedDeposits();
  const columns: DataColumn[] = [
    t`Seen`,
    t`User`,
    t`Flag`,
    { label: t`Expected`, ta: 'right' },
    { label: t`Received`, ta: 'right' },
    { label: t`Credited`, ta: 'right' },
    t`Transaction`,
  ];
  return (
    <ConsolePage title={t`Flagged deposits`}>
      <Text c="dimmed" fz="sm">
        <Trans>
          Payments whose amount differed from the top-up request, or that arrived without one: each was credited as
          received. Rejected transfers were not credited at all; the reason says why.
        </Trans>
      </Text>
      <QueryList
        query={deposits}
        loadingLabel={t`Loading flagged deposits`}
        loaderSize="sm"
        empty={t`No flagged deposits.`}
      >
        {(rows) => (
          <DataTable
            minWidth={900}
            label={t`Flagged deposits`}
            columns={columns}
            striped
            withTableBorder
            verticalSpacing="xs"
            data-testid="flagged-deposits"
          >
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td fz="sm">{formatDateTime(d.seenAt)}</Table.Td>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text fw={600} fz="sm">
                    {d.username}
                  </Text>
                  <Text c="dimmed" fz="xs">
                    {d.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={FLAG_LABELS[d.flag].color} variant="light">
                    {i18n._(FLAG_LABELS[d.flag].label)}
                  </Badge>
                  {d.reason && (
                    <Text fz="xs" mt={4} maw={280} style={{ overflowWrap: 'anywhere' }}>
                      {localizeText(d.reason)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td fz="sm" ta="right">
                  {d.expected === null ? '—' : usdOrAsReceived(d.expected)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                  {usdOrAsReceived(d.received)}
                </Table.Td>
                <Table.Td fz="sm" ta="right">
                  {usdOrAsReceived(d.credited)}
                </Table.Td>
                <Table.Td fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                  {d.txHash}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryList>
    </ConsolePage>
  );
}
