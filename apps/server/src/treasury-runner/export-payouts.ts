import { getAddress } from 'viem';
import { microToToken, unitsText } from '@svp/shared';
import type { Db } from '../db/client.js';
import { isEvmAddress } from './format.js';
import { stepsRepository as repo } from './steps.repository.js';

export interface ExportedPayout {
  withdrawalId: string;
  receiver: string;
  /** Decimal USDT, as the CSV has it. */
  amount: string;
}

export interface PayoutsExport {
  /** Safe{Wallet} CSV Airdrop: token_type,token_address,receiver,amount,id (id is for NFTs, blank here). */
  csv: string;
  rows: ExportedPayout[];
  /** Approved withdrawals left out, and why (the operator follows them up). */
  skipped: (ExportedPayout & { reason: string })[];
}

/**
 * Approved withdrawals without a live payout, as a file for a multisig treasury to pay in one Safe transaction.
 * It marks nothing: the watcher marks each withdrawal paid when it sees the Safe's transfer confirmed, and the
 * CSV carries no withdrawal ids (the Safe app keeps `id` for NFTs), so the rows are returned for a receipt.
 */
export async function exportPayouts(options: {
  db: Db;
  tokenAddress: string;
  decimals: number;
}): Promise<PayoutsExport> {
  const rows: ExportedPayout[] = [];
  const skipped: PayoutsExport['skipped'] = [];
  for (const w of await repo.payable(options.db)) {
    const amount = unitsText(microToToken(w.payout, options.decimals), options.decimals);
    const row = { withdrawalId: w.id, receiver: w.wallet, amount };
    if (!isEvmAddress(w.wallet)) skipped.push({ ...row, reason: 'the wallet on file is not a 0x address' });
    else if (w.payout <= 0n) skipped.push({ ...row, reason: 'the payout is 0' });
    else rows.push({ ...row, receiver: getAddress(w.wallet.toLowerCase()) });
  }
  const token = getAddress(options.tokenAddress.toLowerCase());
  const lines = [
    'token_type,token_address,receiver,amount,id',
    ...rows.map((r) => `erc20,${token},${r.receiver},${r.amount},`),
  ];
  return { csv: `${lines.join('\n')}\n`, rows, skipped };
}
