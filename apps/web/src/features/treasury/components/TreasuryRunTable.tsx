import { Alert, List, Table, Text } from '@mantine/core';
import { HashText } from '../../../components/ui/HashText';
import { DataTable } from '../../../components/ui/DataTable';
import { explorerTxUrl } from '../../../lib/explorer';
import type { TreasuryRun } from '../api/treasury';
import { formatBnb, formatUsdt } from '@svp/shared';
import { plural } from '../../../lib/text';

const KIND_LABELS: Record<TreasuryRun['actions'][number]['kind'], string> = {
  gas: 'Gas top-up',
  sweep: 'Sweep',
  payout: 'Payout',
};
const COMMAND_LABELS: Record<TreasuryRun['command'], string> = { sweep: 'Sweep deposits', payouts: 'Send payouts' };

/** The approved withdrawals a payouts run left unpaid, the total still needed and what to fund (DESIGN D16). */
function UnpaidSummary({ run }: { run: TreasuryRun }) {
  const unpaid = run.unpaid;
  if (!unpaid || unpaid.withdrawals.length === 0) return null;
  const n = unpaid.withdrawals.length;
  return (
    <Alert
      color="orange"
      variant="light"
      mt="sm"
      role="status"
      data-testid="treasury-unpaid"
      title={`${run.dryRun ? 'Would leave' : 'Left'} ${plural(n, 'approved withdrawal')} unpaid: ${formatUsdt(unpaid.total)} still needed`}
    >
      <List size="sm" spacing={2}>
        {unpaid.withdrawals.map((u) => (
          <List.Item key={u.withdrawalId}>
            <HashText hash={u.withdrawalId} /> {formatUsdt(u.amount)}: {u.reason}
          </List.Item>
        ))}
      </List>
      {unpaid.toFund !== '0' && (
        <Text fz="sm" mt="xs">
          {`The treasury has ${formatUsdt(unpaid.free)} free: it needs ${formatUsdt(unpaid.toFund)} more (sweep or fund it), then send payouts again.`}
        </Text>
      )}
    </Alert>
  );
}

/** What one run of the treasury command did (or, dry, would do), action by action. */
export function TreasuryRunTable({ run, explorerUrl }: { run: TreasuryRun; explorerUrl: string | null }) {
  return (
    <div data-testid="treasury-run">
      <Text fz="sm" fw={600} mb="xs">
        {`${COMMAND_LABELS[run.command]}${run.dryRun ? ' (dry run)' : ''}: `}
        {run.actions.length === 0 ? 'nothing to do' : plural(run.actions.length, 'action')}
        {`, gas ${formatBnb(run.gas)}.`}
      </Text>
      {run.actions.length > 0 && (
        <DataTable
          minWidth={820}
          label={`${COMMAND_LABELS[run.command]}: actions`}
          columns={['Kind', 'Subject', 'To', { label: 'Amount', ta: 'right' }, 'Transaction', 'Outcome']}
          striped
          withTableBorder
          verticalSpacing="xs"
        >
          {run.actions.map((a, i) => (
            <Table.Tr key={`${a.kind}-${a.subject}-${i}`} data-testid="treasury-action">
              <Table.Td fz="sm">{KIND_LABELS[a.kind]}</Table.Td>
              <Table.Td>
                <HashText hash={a.subject} />
              </Table.Td>
              <Table.Td>
                <HashText hash={a.to} />
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {a.kind === 'gas' ? formatBnb(a.amount) : formatUsdt(a.amount)}
              </Table.Td>
              <Table.Td>
                {a.txHash ? (
                  <HashText hash={a.txHash} href={explorerTxUrl(explorerUrl, a.txHash)} />
                ) : (
                  <Text fz="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td fz="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
                {a.outcome}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <UnpaidSummary run={run} />
    </div>
  );
}
