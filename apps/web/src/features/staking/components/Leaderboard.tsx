import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Avatar, Box, Group, Table, Text } from '@mantine/core';
import { formatDecimal, formatUsd } from '@svp/shared';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { loadErrorText } from '../../../lib/errors';
import { useLeaderboard, type LeaderboardEntry } from '../api/staking';
import classes from './Leaderboard.module.css';

/** Initials and a colour hashed from the username: generated here, no avatar service (DESIGN D10). */
export function avatarFor(username: string): { initials: string; color: string } {
  const parts = username.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const initials = (parts.length > 1 ? parts[0]![0]! + parts[1]![0]! : username.slice(0, 2)).toUpperCase();
  let hash = 0;
  for (const ch of username) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  // Dark shades: white initials stay readable (WCAG AA) in both colour schemes.
  const colors = ['blue.9', 'grape.9', 'teal.9', 'indigo.9', 'pink.9', 'cyan.9', 'red.9', 'violet.9'];
  return { initials: initials || '?', color: colors[hash % colors.length]! };
}

function Row({ entry, me = false }: { entry: LeaderboardEntry; me?: boolean }) {
  const { t } = useLingui();
  const avatar = avatarFor(entry.username);
  const rank = entry.rank;
  return (
    <Table.Tr data-testid={me ? 'leaderboard-me' : 'leaderboard-row'} fw={me ? 700 : undefined}>
      {/* A no-break space: on a phone the cell wraps to "Your rank" over "#3", not word by word. */}
      <Table.Td>{me ? t`Your rank #${rank}` : `#${rank}`}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar color={avatar.color} variant="filled" radius="xl" size="sm" aria-hidden="true">
            {avatar.initials}
          </Avatar>
          <Text fz="inherit">{entry.username}</Text>
        </Group>
      </Table.Td>
      <Table.Td>{formatUsd(entry.balance)}</Table.Td>
      <Table.Td>{formatUsd(entry.fundBalance)}</Table.Td>
      <Table.Td>{formatDecimal(entry.staked)}</Table.Td>
      <Table.Td>{formatUsd(entry.earned)}</Table.Td>
    </Table.Tr>
  );
}

/** SPEC §2 leaderboard: sorted by staked, numbers with 2 decimals, scrollable up to 400 px. */
export function Leaderboard() {
  const { t } = useLingui();
  const board = useLeaderboard(true);
  if (board.isError) return <Alert color="red">{loadErrorText(board.error)}</Alert>;
  if (!board.data)
    return (
      <Text c="dimmed">
        <Trans>Loading the leaderboard…</Trans>
      </Text>
    );
  return (
    <>
      <FiguresAge asOf={board.data.figuresAsOf} />
      <Box
        mah={400}
        style={{ overflow: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t`Leaderboard`}
        data-testid="leaderboard"
      >
        <Table striped stickyHeader className={classes.table} aria-label={t`Staking leaderboard`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Rank</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>User</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Balance</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Fund</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Staked</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Earned</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.data.top.map((entry) => (
              <Row key={entry.username} entry={entry} />
            ))}
            {board.data.me && <Row entry={board.data.me} me />}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
