import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { MSG } from '@svp/shared';
import { HashText } from '../../../../components/ui/HashText';
import { ScrollTable } from '../../../../components/ui/ScrollTable';
import { explorerAddressUrl, explorerTxUrl } from '../../../../lib/explorer';
import { formatDateTime } from '../../../../lib/money';
import type { TreasuryReport } from '../../api/treasury';
import { usdtText } from './format';

/** USDT that left the treasury matching no approved withdrawal: each one needs the operator's explanation. */
export function UnmatchedTransfers({ report }: { report: TreasuryReport }) {
  const rows = report.unmatched;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      px={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="unmatched-title"
    >
      <Title order={2} fz="h4" mb="sm" id="unmatched-title">
        Unmatched transfers
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No unmatched transfers.
        </Text>
      ) : (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {MSG.treasury.unmatched}
          </Alert>
          <ScrollTable minWidth={720} label="Unmatched transfers">
            <Table striped withTableBorder verticalSpacing="xs" data-testid="unmatched-transfers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Seen</Table.Th>
                  <Table.Th>Transaction</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Block</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      )}
    </Card>
  );
}
