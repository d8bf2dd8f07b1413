import type { TreasuryRun } from '@svp/shared';

// Amounts as text (unitsText and the rest) come from @svp/shared money-format.ts; this file parses and lays out runs.

/** A typed decimal ("10", "0.5") as base units; null when it is not a plain non-negative decimal that fits. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export const isEvmAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value);

/** Whether a payouts run left an approved withdrawal unpaid (the command then exits non-zero). */
export const leftUnpaid = (run: TreasuryRun) => (run.unpaid?.withdrawals.length ?? 0) > 0;

/** Cells in columns: every column padded but the last (the longest; a terminal wraps it cleanly). */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)];
}

/** The end of a payouts run that left withdrawals unpaid: each one, the total still needed, and what to fund. */
export function unpaidSummary(run: TreasuryRun): string[] {
  const unpaid = run.unpaid;
  if (!unpaid || unpaid.withdrawals.length === 0) return [];
  const n = unpaid.withdrawals.length;
  const verb = run.dryRun ? 'would leave' : 'left';
  const lines = [
    `This run ${verb} ${n} approved ${n === 1 ? 'withdrawal' : 'withdrawals'} unpaid: ${unpaid.total} USDT still needed.`,
    ...table(
      ['withdrawal', 'wallet', 'amount', 'approved', 'why'],
      unpaid.withdrawals.map((u) => [u.withdrawalId, u.wallet, u.amount, u.approvedAt ?? '-', u.reason]),
    ),
  ];
  if (unpaid.toFund !== '0') {
    lines.push(
      `The treasury has ${unpaid.free} USDT free: it needs ${unpaid.toFund} USDT more (sweep or fund it), then run payouts again.`,
    );
  }
  return lines;
}

/** What a run did, as the operator reads it in a terminal: one line per action, the gas, then what it left unpaid. */
export function formatRunTable(run: TreasuryRun): string {
  const title = `treasury ${run.command}${run.dryRun ? ' (dry run: nothing was signed or sent)' : ''}`;
  if (run.actions.length === 0) return `${title}\nNothing to do.\nGas: ${run.gas} BNB`;
  const rows = run.actions.map((a) => [a.kind, a.subject, a.to, a.amount, a.txHash ?? '-', a.outcome]);
  const gasLabel = run.dryRun ? 'Gas it would spend' : 'Gas spent';
  return [
    title,
    ...table(['kind', 'subject', 'to', 'amount', 'tx', 'outcome'], rows),
    `${gasLabel}: ${run.gas} BNB`,
    ...unpaidSummary(run),
  ].join('\n');
}
