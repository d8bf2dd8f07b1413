import { Alert, Card, List, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { loadErrorText } from '../../../lib/errors';
import { formatUsd } from '@svp/shared';
import { useOverview } from '../api/console';

const COUNT_LABELS = {
  users: 'Users',
  admins: 'Admins',
  activeInvestments: 'Active investments',
  pendingWithdrawals: 'Pending withdrawals',
  openTickets: 'Open tickets',
  flaggedDeposits: 'Flagged deposits',
} as const;

const OWED_LABELS = {
  balances: 'Balances',
  invested: 'Invested',
  earnings: 'Earnings',
  fund: 'Fund balances',
  stakingEarned: 'Staking earned',
  pendingWithdrawals: 'Pending withdrawals',
} as const;

/** /dashadmin/overview: counts, the ledger invariant report, what is owed against what came in and went out. */
export default function OverviewPage() {
  const overview = useOverview();
  if (overview.isPending) return <Loader size="sm" aria-label="Loading overview" />;
  if (overview.isError)
    return <ErrorBox message={loadErrorText(overview.error)} onRetry={() => void overview.refetch()} />;
  const { counts, invariants, owed, depositsReceived, paidOut } = overview.data;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Overview
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {(Object.keys(COUNT_LABELS) as (keyof typeof COUNT_LABELS)[]).map((key) => (
          <Card key={key} withBorder radius="lg" padding="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {COUNT_LABELS[key]}
            </Text>
            <Text fz="xl" fw={800}>
              {counts[key]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {invariants.ok ? (
        <Alert color="teal" variant="light" title="Ledger invariants hold" role="status">
          Every balance matches its postings; nothing is negative that must not be.
        </Alert>
      ) : (
        <Alert color="red" variant="light" title="Ledger invariant problems" role="alert">
          <List size="sm" data-testid="invariant-problems">
            {invariants.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          Owed to users vs money in and out
        </Title>
        <Table withTableBorder>
          <Table.Tbody>
            {(Object.keys(OWED_LABELS) as (keyof typeof OWED_LABELS)[]).map((key) => (
              <Table.Tr key={key}>
                <Table.Td>{OWED_LABELS[key]}</Table.Td>
                <Table.Td ta="right">{formatUsd(owed[key])}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={800}>
              <Table.Td>Total owed</Table.Td>
              <Table.Td ta="right">{formatUsd(owed.total)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Deposits received</Table.Td>
              <Table.Td ta="right">{formatUsd(depositsReceived)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Paid out</Table.Td>
              <Table.Td ta="right">{formatUsd(paidOut)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
