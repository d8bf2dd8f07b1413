import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/ui/DataTable';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/money';
import { useSignIns } from '../api/account';

/** The last 20 sign-ins and failed attempts: time, address, device, outcome. */
export function SignInHistory() {
  const signIns = useSignIns();
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Recent sign-ins
      </Title>
      {signIns.isError ? (
        <Alert color="red" variant="light" role="alert">
          {loadErrorText(signIns.error)}
        </Alert>
      ) : signIns.isPending ? (
        <Text c="dimmed" fz="sm">
          Loading…
        </Text>
      ) : signIns.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No sign-ins yet.
        </Text>
      ) : (
        <DataTable minWidth={520} label="Recent sign-ins" columns={['Time', 'Address', 'Device', 'Outcome']} fz="sm">
          {signIns.data.map((entry, index) => (
            <Table.Tr key={`${entry.at}-${index}`} data-testid="sign-in-row">
              <Table.Td>{formatDateTime(entry.at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.ip ?? 'Unknown'}</Table.Td>
              <Table.Td>{entry.device}</Table.Td>
              <Table.Td>
                <Badge color={entry.outcome === 'success' ? 'teal' : 'red'} variant="light">
                  {entry.outcome === 'success' ? 'Signed in' : 'Failed attempt'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
