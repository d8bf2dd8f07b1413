import { Anchor, Card, Group, Table, Title } from '@mantine/core';
import { API, API_PREFIX } from '@svp/shared';
import { useHistory } from '../api/history';
import { QueryList } from '../../../components/ui/QueryList';

/** The statement download: same origin, so the session cookie authenticates it. */
export const HISTORY_CSV_URL = `${API_PREFIX}${API.historyCsv}`;

/** SPEC §2 History: a one-column table of lines, newest first. */
export default function HistoryPage() {
  const history = useHistory();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz="h3">
          History
        </Title>
        <Anchor href={HISTORY_CSV_URL} download="svp-statement.csv" fw={600} fz="sm">
          Download CSV statement
        </Anchor>
      </Group>
      <QueryList query={history} loadingLabel="Loading your history" empty="No activity yet.">
        {(rows) => (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Activity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
    </Card>
  );
}
