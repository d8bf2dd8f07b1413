import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { API_PREFIX, OPERATOR_API } from '@svp/shared';
import { useState } from 'react';
import { useReconciliation } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';

const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => `${today().slice(0, 8)}01`;

/** Accounting exports: the journal of a period and the trial balance at a date (CSV downloads), and the reconciliation. */
export function ExportsPage() {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [at, setAt] = useState(today);
  const [reconcileAt, setReconcileAt] = useState<string | null>(null);
  const reconciliation = useReconciliation(reconcileAt);
  const journal = `${API_PREFIX}${OPERATOR_API.journalCsv}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const trial = `${API_PREFIX}${OPERATOR_API.trialBalanceCsv}?at=${encodeURIComponent(at)}`;

  return (
    <ConsolePage title="Exports">
      <Text fz="sm" c="dimmed">
        Days are UTC. Amounts are exact decimals; a trial balance leaves out accounts at zero and ends with a total per
        asset, which is 0 when the books balance.
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Journal
          </Title>
          <Group align="end">
            <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Anchor href={journal} download>
              Download journal (CSV)
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Trial balance and reconciliation
          </Title>
          <Group align="end">
            <TextInput type="date" label="At the end of" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            <Anchor href={trial} download>
              Download trial balance (CSV)
            </Anchor>
            <Button variant="light" onClick={() => setReconcileAt(at)} loading={reconciliation.isFetching}>
              Reconcile
            </Button>
          </Group>
          {reconciliation.isError && <Alert color="red">{reconciliation.error.message}</Alert>}
          {reconciliation.data && (
            <Stack gap="xs" data-testid="reconciliation">
              <Table withTableBorder>
                <Table.Tbody>
                  {reconciliation.data.liabilities.byAccount.map((row) => (
                    <Table.Tr key={row.code}>
                      <Table.Td>Owed to users: {row.code}</Table.Td>
                      <Table.Td ta="right">${row.amount}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td fw={700}>Liabilities</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      ${reconciliation.data.liabilities.total}
                    </Table.Td>
                  </Table.Tr>
                  {reconciliation.data.holdings && (
                    <Table.Tr>
                      <Table.Td fw={700}>Held on chain at the date</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        ${reconciliation.data.holdings.atDate}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {reconciliation.data.surplus !== null && (
                    <Table.Tr>
                      <Table.Td fw={700}>Surplus (negative: shortfall)</Table.Td>
                      <Table.Td ta="right" fw={700} c={reconciliation.data.surplus.startsWith('-') ? 'red' : undefined}>
                        ${reconciliation.data.surplus}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              {reconciliation.data.notes.map((note) => (
                <Text key={note} fz="sm" c="dimmed">
                  {note}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </ConsolePage>
  );
}
