import type { TreasuryRun } from '@svp/shared';

/** Base units as an exact decimal ("12.5", "0.0002"): USDT with the token's decimals, BNB with 18. */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const unit = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}

/** A typed decimal ("10", "0.5") as base units; null when it is not a plain non-negative decimal that fits. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export const isEvmAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value);

/** What a run did, as the operator reads it in a terminal: one line per action, then the gas. */
export function formatRunTable(run: TreasuryRun): string {
  const title = `treasury ${run.command}${run.dryRun ? ' (dry run: nothing was signed or sent)' : ''}`;
  if (run.actions.length === 0) return `${title}\nNothing to do.\nGas: ${run.gas} BNB`;
  const header = ['kind', 'subject', 'to', 'amount', 'tx', 'outcome'];
  const rows = run.actions.map((a) => [a.kind, a.subject, a.to, a.amount, a.txHash ?? '-', a.outcome]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // The outcome is last and left unpadded: it is the longest column and a terminal wraps it cleanly.
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  const gasLabel = run.dryRun ? 'Gas it would spend' : 'Gas spent';
  return [title, line(header), ...rows.map(line), `${gasLabel}: ${run.gas} BNB`].join('\n');
}
