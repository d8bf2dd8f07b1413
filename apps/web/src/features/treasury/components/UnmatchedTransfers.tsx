import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { formatUsdt, MSG } from '@svp/shared';
import { useState } from 'react';
import { HashText } from '../../../components/ui/HashText';
import { DataTable } from '../../../components/ui/DataTable';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerAddressUrl, explorerTxUrl } from '../../../lib/explorer';
import { formatDateTime } from '../../../lib/text';
import type { TreasuryReport } from '../api/treasury';
import { AcknowledgeModal } from './AcknowledgeModal';

type Unmatched = TreasuryReport['unmatched'][number];

/**
 * USDT that left the treasury matching no approved withdrawal: each one needs the operator's explanation, and
 * stays an alert until an admin gives it (an audited note).
 */
export function UnmatchedTransfers({ report, canExplain }: { report: TreasuryReport; canExplain: boolean }) {
  const rows = report.unmatched;
  const [explaining, setExplaining] = useState<Unmatched | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <SectionCard title="Unmatched transfers" size="h4" titleId="unmatched-title" compact>
      {done && (
        <Alert color="green" variant="light" role="status" mb="sm" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <AcknowledgeModal
        transfer={explaining}
        onClose={() => setExplaining(null)}
        onDone={(message) => {
          setExplaining(null);
          setDone(message);
        }}
      />
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
            minWidth={820}
            label="Unmatched transfers"
            columns={[
              'Seen',
              'Transaction',
              'To',
              { label: 'Amount', ta: 'right' },
              { label: 'Block', ta: 'right' },
              'Action',
            ]}
            striped
            withTableBorder
            verticalSpacing="xs"
            data-testid="unmatched-transfers"
          >
            {rows.map((t) => (
              <Table.Tr key={`${t.txHash}:${t.logIndex}`}>
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
                  {formatUsdt(t.amount)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" ff="monospace">
                  {t.blockNumber}
                </Table.Td>
                <Table.Td>
                  {canExplain ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setExplaining(t)}
                      aria-label={`Explain the transfer ${t.txHash}`}
                    >
                      Explain
                    </Button>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      )}
    </SectionCard>
  );
}
