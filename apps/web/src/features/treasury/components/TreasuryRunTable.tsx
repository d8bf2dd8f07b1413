import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, List, Table, Text } from '@mantine/core';
import { HashText } from '../../../components/ui/HashText';
import { DataTable } from '../../../components/ui/DataTable';
import { explorerTxUrl } from '../../../lib/explorer';
import type { TreasuryRun } from '../api/treasury';
import { formatBnb, formatUsdt } from '@svp/shared';
import { localizeText } from '../../../shared/language/i18n';

const KIND_LABELS: Record<TreasuryRun['actions'][number]['kind'], MessageDescriptor> = {
  gas: msg`Gas top-up`,
  sweep: msg`Sweep`,
  payout: msg`Payout`,
};
export const COMMAND_LABELS: Record<TreasuryRun['command'], MessageDescriptor> = {
  sweep: msg`Sweep deposits`,
  payouts: msg`Send payouts`,
};

/** The approved withdrawals a payouts run left unpaid, the total still needed and what to fund (DESIGN D16). */
function UnpaidSummary({ run }: { run: TreasuryRun }) {
  const { t } = useLingui();
  const unpaid = run.unpaid;
  if (!unpaid || unpaid.withdrawals.length === 0) return null;
  const n = unpaid.withdrawals.length;
  const total = formatUsdt(unpaid.total);
  const free = formatUsdt(unpaid.free);
  const toFund = formatUsdt(unpaid.toFund);
  return (
    <Alert
      color="orange"
      variant="light"
      mt="sm"
      role="status"
      data-testid="treasury-unpaid"
      title={
        run.dryRun
          ? t`Would leave ${plural(n, { one: '# approved withdrawal', other: '# approved withdrawals' })} unpaid: ${total} still needed`
          : t`Left ${plural(n, { one: '# approved withdrawal', other: '# approved withdrawals' })} unpaid: ${total} still needed`
      }
    >
      <List size="sm" spacing={2}>
        {unpaid.withdrawals.map((u) => (
          <List.Item key={u.withdrawalId}>
            <HashText hash={u.withdrawalId} /> {formatUsdt(u.amount)}: {localizeText(u.reason)}
          </List.Item>
        ))}
      </List>
      {unpaid.toFund !== '0' && (
        <Text fz="sm" mt="xs">
          {t`The treasury has ${free} free: it needs ${toFund} more (sweep or fund it), then send payouts again.`}
        </Text>
      )}
    </Alert>
  );
}

/** What one run of the treasury command did (or, dry, would do), action by action. */
export function TreasuryRunTable({ run, explorerUrl }: { run: TreasuryRun; explorerUrl: string | null }) {
  const { t, i18n } = useLingui();
  const label = i18n._(COMMAND_LABELS[run.command]);
  const command = run.dryRun ? t`${label} (dry run)` : label;
  const count = run.actions.length;
  const what = count === 0 ? t`nothing to do` : t`${plural(count, { one: '# action', other: '# actions' })}`;
  const gas = formatBnb(run.gas);
  return (
    <div data-testid="treasury-run">
      <Text fz="sm" fw={600} mb="xs">
        {t`${command}: ${what}, gas ${gas}.`}
      </Text>
      {run.actions.length > 0 && (
        <DataTable
          minWidth={820}
          label={t`${label}: actions`}
          columns={[t`Kind`, t`Subject`, t`To`, { label: t`Amount`, ta: 'right' }, t`Transaction`, t`Outcome`]}
          striped
          withTableBorder
          verticalSpacing="xs"
        >
          {run.actions.map((a, i) => (
            <Table.Tr key={`${a.kind}-${a.subject}-${i}`} data-testid="treasury-action">
              <Table.Td fz="sm">{i18n._(KIND_LABELS[a.kind])}</Table.Td>
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
                {localizeText(a.outcome)}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <UnpaidSummary run={run} />
    </div>
  );
}
