import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { formatUsdt } from '@svp/shared';
import { useState } from 'react';
import { HashText } from '../../../components/ui/HashText';
import { DataTable } from '../../../components/ui/DataTable';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerAddressUrl, explorerTxUrl } from '../../../lib/explorer';
import { formatDateTime } from '../../../lib/text';
import type { TreasuryReport } from '../api/treasury';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';
import { AcknowledgeModal } from './AcknowledgeModal';

type Unmatched = TreasuryReport['unmatched'][number];

/**
 * USDT that left the treasury matching no approved withdrawal: each one needs the operator's explanation, and
 * stays an alert until an admin gives it (an audited note).
 */
export function UnmatchedTransfers({ report, canExplain }: { report: TreasuryReport; canExplain: boolean }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const rows = report.unmatched;
  const [explaining, setExplaining] = useState<Unmatched | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const explainLabel = (txHash: string) => t`Explain the transfer ${txHash}`;
  return (
    <SectionCard title={t`Unmatched transfers`} size="h4" titleId="unmatched-title" compact>
      {done && (
        <Alert color="green" variant="light" role="status" mb="sm" withCloseButton onClose={() => setDone(null)}>
          {localizeText(done)}
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
          <Trans>No unmatched transfers.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {MSG.treasury.unmatched}
          </Alert>
          <DataTable
            minWidth={820}
            label={t`Unmatched transfers`}
            columns={[
              t`Seen`,
              t`Transaction`,
              t`To`,
              { label: t`Amount`, ta: 'right' },
              { label: t`Block`, ta: 'right' },
              t`Action`,
            ]}
            striped
            withTableBorder
            verticalSpacing="xs"
            data-testid="unmatched-transfers"
          >
            {rows.map((transfer) => (
              <Table.Tr key={`${transfer.txHash}:${transfer.logIndex}`}>
                <Table.Td fz="sm">{formatDateTime(transfer.seenAt)}</Table.Td>
                <Table.Td>
                  <HashText
                    hash={transfer.txHash}
                    href={explorerTxUrl(report.explorerUrl, transfer.txHash)}
                    copyLabel={t`Copy transaction hash`}
                  />
                </Table.Td>
                <Table.Td>
                  <HashText hash={transfer.to} href={explorerAddressUrl(report.explorerUrl, transfer.to)} />
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsdt(transfer.amount)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" ff="monospace">
                  {transfer.blockNumber}
                </Table.Td>
                <Table.Td>
                  {canExplain ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setExplaining(transfer)}
                      aria-label={explainLabel(transfer.txHash)}
                    >
                      <Trans>Explain</Trans>
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
