import { EDITABLE_USER_FIELDS, toDecimalString } from '@svp/shared';
import type { Ledger } from '../ledger/ledger.service.js';
import type { UserRow } from '../users/users.repository.js';

/** What the admin's user screen shows: field/value pairs (profile and USD balances) and the editable fields. */
export async function userDetails(ledger: Ledger, user: UserRow) {
  const b = await ledger.balances(user.id);
  const balanceText = (code: string) => toDecimalString(b.get(code) ?? 0n, 'USD');
  const fields: [string, string][] = [
    ['id', user.id],
    ['name', user.name ?? ''],
    ['email', user.email],
    ['phone', user.phone ?? ''],
    ['username', user.username],
    ['walletAddress', user.walletAddress],
    ['role', user.role],
    ['disabled', String(user.disabled)],
    ['referralCode', user.referralCode ?? ''],
    ['createdAt', user.createdAt.toISOString()],
    ['balance', balanceText('usd.balance')],
    ['invested', balanceText('usd.invested')],
    ['earnings', balanceText('usd.earnings')],
    ['fundBalance', balanceText('usd.fund')],
  ];
  return {
    id: user.id,
    fields: fields.map(([field, value]) => ({ field, value })),
    editableFields: [...EDITABLE_USER_FIELDS],
  };
}
