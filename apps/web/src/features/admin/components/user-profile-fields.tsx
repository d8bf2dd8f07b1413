import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Badge, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import type { ReactNode } from 'react';
import { HashText } from '../../../components/ui/HashText';
import { formatDateTime } from '../../../lib/text';
import { i18n } from '../../../shared/language/i18n';

/** The user look-up's fields as a person reads them (the server's keys stay the editor's values). */
export const USER_FIELD_LABELS: Record<string, MessageDescriptor> = {
  id: msg`User ID`,
  name: msg`Name`,
  email: msg`E-mail`,
  phone: msg`Phone`,
  username: msg`Username`,
  walletAddress: msg`Wallet address`,
  role: msg`Role`,
  disabled: msg`Account status`,
  referralCode: msg`Referral code`,
  createdAt: msg`Signed up`,
  balance: msg`Balance`,
  invested: msg`Invested amount`,
  earnings: msg`Earnings`,
  fundBalance: msg`Fund balance`,
};

const MONEY = new Set(['balance', 'invested', 'earnings', 'fundBalance']);

/** "walletAddress" → "Wallet address", for a key no list names (a column's name, shown as data: not translated). */
export const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

/** Called while rendering: the label in the language shown then. */
export const userFieldLabel = (field: string) => {
  const label = USER_FIELD_LABELS[field];
  return label ? i18n._(label) : humanize(field);
};

/** A field's value formatted: money as dollars, dates in the reader's locale, the wallet shortened with Copy. */
export function userFieldValue(field: string, value: string): ReactNode {
  if (!value) return <Text c="dimmed">—</Text>;
  if (MONEY.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return formatUsd(value);
  if (field === 'createdAt') return <time dateTime={value}>{formatDateTime(value)}</time>;
  if (field === 'walletAddress') return <HashText hash={value} copyLabel={t`Copy wallet address`} />;
  if (field === 'disabled')
    return (
      <Badge color={value === 'true' ? 'red' : 'teal'} variant="light" style={{ maxWidth: 'none' }}>
        {value === 'true' ? t`Disabled` : t`Active`}
      </Badge>
    );
  if (field === 'role') return value === 'admin' ? t`Admin` : t`User`;
  if (field === 'id')
    return (
      <Text component="span" ff="monospace" fz="xs">
        {value}
      </Text>
    );
  return value;
}
