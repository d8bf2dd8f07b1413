import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { formatUsd, type UserSnapshot } from '@svp/shared';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/text';
import { LanguagePicker } from '../../shared/language/LanguagePicker';
import { WithdrawBlockedNote } from '../../features/withdrawals/components/WithdrawBlockedNote';
import classes from './Sidebar.module.css';

/** SPEC §2 sidebar buttons, in the spec's order. */
export const SIDEBAR_LINKS = [
  { label: msg`Dashboard`, to: '/dashboard' },
  { label: msg`Plan`, to: '/dashboard/plan' },
  { label: msg`Reports`, to: '/dashboard/reports' },
  { label: msg`History`, to: '/dashboard/history' },
  { label: msg`Messages`, to: '/dashboard/messages' },
  { label: msg`Top Up`, to: '/dashboard/topup' },
  { label: msg`Withdraw`, to: '/dashboard/withdraw' },
] as const satisfies readonly { label: MessageDescriptor; to: string }[];

/** Lets a long address wrap after the "@" rather than in the middle of the domain. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={700} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

function ExpectedPayout({ amount, date }: { amount: string; date: string }) {
  return (
    <Text fz="xs" c="dimmed" ta="right">
      <Trans>
        Expected {amount} at maturity, {date}
      </Trans>
    </Text>
  );
}

/** "Withdrawable balance" is what a withdrawal would pay now (0 before maturity), the expected payout under it. */
export function Sidebar({ user }: { user: UserSnapshot | null }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="md">
        <Card withBorder radius="lg" padding="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            <Trans>Signed in as</Trans>
          </Text>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {user ? <BreakableEmail email={user.email} /> : '…'}
          </Text>
          <Divider my="sm" />
          <Stack gap={6}>
            <Amount label={t`Available balance`} value={user ? formatUsd(user.balance) : '…'} />
            <Amount label={t`Withdrawable balance`} value={user ? formatUsd(user.withdrawableNow) : '…'} />
            {user && <WithdrawBlockedNote />}
            {user && user.withdrawableNow === '0' && user.end_time && user.expectedWithdrawal !== '0' && (
              <ExpectedPayout amount={formatUsd(user.expectedWithdrawal)} date={formatDate(user.end_time)} />
            )}
          </Stack>
        </Card>
        <div>
          <Stack gap={4}>
            {SIDEBAR_LINKS.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={i18n._(link.label)}
                active={current === link.to}
                aria-current={current === link.to ? 'page' : undefined}
                variant="filled"
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 600 } }}
              />
            ))}
          </Stack>
        </div>
        <div className={classes.picker}>
          <LanguagePicker />
        </div>
      </Stack>
    </ScrollArea>
  );
}
