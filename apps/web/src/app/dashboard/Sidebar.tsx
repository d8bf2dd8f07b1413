import { Card, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { formatUsd, type UserSnapshot } from '@svp/shared';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/text';
import { WithdrawBlockedNote } from '../../features/withdrawals/components/WithdrawBlockedNote';

/** SPEC §2 sidebar buttons, in the spec's order. */
export const SIDEBAR_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Plan', to: '/dashboard/plan' },
  { label: 'Reports', to: '/dashboard/reports' },
  { label: 'History', to: '/dashboard/history' },
  { label: 'Messages', to: '/dashboard/messages' },
  { label: 'Top Up', to: '/dashboard/topup' },
  { label: 'Withdraw', to: '/dashboard/withdraw' },
] as const;

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

/** "Withdrawable balance" is what a withdrawal would pay now (0 before maturity), the expected payout under it. */
export function Sidebar({ user }: { user: UserSnapshot | null }) {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="md">
        <Card withBorder radius="lg" padding="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Signed in as
          </Text>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {user ? <BreakableEmail email={user.email} /> : '…'}
          </Text>
          <Divider my="sm" />
          <Stack gap={6}>
            <Amount label="Available balance" value={user ? formatUsd(user.balance) : '…'} />
            <Amount label="Withdrawable balance" value={user ? formatUsd(user.withdrawableNow) : '…'} />
            {user && <WithdrawBlockedNote />}
            {user && user.withdrawableNow === '0' && user.end_time && user.expectedWithdrawal !== '0' && (
              <Text fz="xs" c="dimmed" ta="right">
                {`Expected ${formatUsd(user.expectedWithdrawal)} at maturity, ${formatDate(user.end_time)}`}
              </Text>
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
                label={link.label}
                active={current === link.to}
                aria-current={current === link.to ? 'page' : undefined}
                variant="filled"
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 600 } }}
              />
            ))}
          </Stack>
        </div>
      </Stack>
    </ScrollArea>
  );
}
