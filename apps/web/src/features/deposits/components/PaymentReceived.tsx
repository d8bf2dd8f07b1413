import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { formatUsd, formatUsdt, type SharedTexts } from '@svp/shared';
import type { Payment } from '../api/topup';
import { ScrollTable } from '../../../components/ui/ScrollTable';
import { useMsg } from '../../../shared/language/useMsg';

/** What an under-, over- or unrequested payment means for the user (DESIGN D8: credited as received). */
function flagNotes(MSG: SharedTexts['MSG']): Record<string, string> {
  return { under: MSG.topup.flagUnder, over: MSG.topup.flagOver, unrequested: MSG.topup.flagUnrequested };
}

const shortHash = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

export function PaymentReceived({ payments }: { payments: Payment[] }) {
  const { t } = useLingui();
  const FLAG_NOTES = flagNotes(useMsg());
  const flagged = payments.filter((p) => p.flag && FLAG_NOTES[p.flag]);
  return (
    <Alert color="green" variant="light" radius="lg" title={t`Credited to your balance`} role="status">
      <Stack gap="sm">
        <Text fz="sm">
          <Trans>Your new balance is shown at the top of the page.</Trans>
        </Text>
        <ScrollTable minWidth={420} label={t`Payment received`}>
          <Table fz="sm" withRowBorders={false} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Transaction</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Received</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Fee</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Credited</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.txHash}>
                  <Table.Td ff="monospace" title={p.txHash}>
                    {shortHash(p.txHash)}
                  </Table.Td>
                  <Table.Td ta="right">{formatUsdt(p.received)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(p.fee)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatUsd(p.credited)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {flagged.map((p) => (
          <Text key={p.txHash} fz="sm" fw={600}>
            {FLAG_NOTES[p.flag!]}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
