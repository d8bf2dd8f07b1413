import { Alert, Stack, Table, Text } from '@mantine/core';
import { MSG } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { DataTable } from '../../../components/ui/DataTable';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerAddressUrl, explorerTxUrl } from '../../../lib/explorer';
import { formatDateTime } from '../../../lib/money';
import type { TreasuryReport } from '../api/treasury';
import { usdtText } from './format';

/** USDT that left the treasury matching no approved withdrawal: each one needs the operator's explanation. */
export function UnmatchedTransfers({ report }: { report: TreasuryReport }) {
  const rows = report.unmatched;
  return (
    <SectionCard title="Unmatched transfers" size="h4" titleId="unmatched-title" compact>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No unmatched transfers.
        </Text>
      ) : (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {MSG.treasury.unmatched}
          </Alert>
          <DataTable
            minWidth={720}
            label="Unmatched transfers"
            columns={['Seen', 'Transaction', 'To', { label: 'Amount', ta: 'right' }, { label: 'Block', ta: 'right' }]}
            striped
            withTableBorder
            verticalSpacing="xs"
            data-testid="unmatched-transfers"
          >
            {rows.map((t) => (
              <Table.Tr key={t.txHash}>
                <Table.Td fz="sm">{formatDateTime(t.seenAt)}</Table.Td>
                <Table.Td>
                  <HashText
                    hash={t.txHash}
                    href={explorerTxUrl(report.explorerUrl, t.txHash)}
                    copyLabel="Copy transaction hash"
                  />
                </Table.Td>
                <Table.Td>
                  <HashText hash={t.to} href={explorerAddressUrl(report.explorerUrl, t.to)} />
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {usdtText(t.amount)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" ff="monospace">
                  {t.blockNumber}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      )}
    </SectionCard>
  );
}
