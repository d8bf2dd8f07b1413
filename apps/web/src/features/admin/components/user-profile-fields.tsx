import { Badge, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import type { ReactNode } from 'react';
import { HashText } from '../../../components/ui/HashText';
import { formatDateTime } from '../../../lib/text';

/** The user look-up's fields as a person reads them (the server's keys stay the editor's values). */
export const USER_FIELD_LABELS: Record<string, string> = {
  id: 'User ID',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  username: 'Username',
  walletAddress: 'Wallet address',
  role: 'Role',
  disabled: 'Account status',
  referralCode: 'Referral code',
  createdAt: 'Signed up',
  balance: 'Balance',
  invested: 'Invested amount',
  earnings: 'Earnings',
  fundBalance: 'Fund balance',
};

const MONEY = new Set(['balance', 'invested', 'earnings', 'fundBalance']);

/** "walletAddress" → "Wallet address", for a key no list names. */
export const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

export const userFieldLabel = (field: string) => USER_FIELD_LABELS[field] ?? humanize(field);

/** A field's value formatted: money as dollars, dates in the reader's locale, the wallet shortened with Copy. */
export function userFieldValue(field: string, value: string): ReactNode {
  if (!value) return <Text c="dimmed">—</Text>;
  if (MONEY.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return formatUsd(value);
  if (field === 'createdAt') return <time dateTime={value}>{formatDateTime(value)}</time>;
  if (field === 'walletAddress') return <HashText hash={value} copyLabel="Copy wallet address" />;
  if (field === 'disabled')
    return (
      <Badge color={value === 'true' ? 'red' : 'teal'} variant="light" style={{ maxWidth: 'none' }}>
        {value === 'true' ? 'Disabled' : 'Active'}
      </Badge>
    );
  if (field === 'role') return value === 'admin' ? 'Admin' : 'User';
  if (field === 'id')
    return (
      <Text component="span" ff="monospace" fz="xs">
        {value}
      </Text>
    );
  return value;
}
