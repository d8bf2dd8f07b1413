import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import { API, API_PREFIX } from '@svp/shared';
import { useHistory, useHistoryAge } from '../api/history';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { QueryList } from '../../../components/ui/QueryList';
import { formatDateTime } from '../../../lib/text';

/** The statement download: same origin, so the session cookie authenticates it. */
export const HISTORY_CSV_URL = `${API_PREFIX}${API.historyCsv}`;

/** "2026-03-02 09:00 UTC — Top-up received: …", as the server writes each line. */
const STAMPED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC — (.+)$/s;

/** A statement line's sentence and, when it has one, its time (ISO) — shown in the reader's locale. */
export function splitLine(line: string): { what: string; at: string | null } {
  const match = STAMPED.exec(line);
  if (!match) return { what: line, at: null };
  return { what: match[3]!, at: `${match[1]}T${match[2]}:00Z` };
}

/** SPEC §2 History: a one-column table of lines, newest first; each says what happened, then when. */
export default function HistoryPage() {
  const history = useHistory();
  const asOf = useHistoryAge();
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
      <FiguresAge asOf={asOf} />
      <QueryList query={history} loadingLabel="Loading your history" empty="No activity yet.">
        {(rows) => (
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Activity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((line, i) => {
                const { what, at } = splitLine(line);
                return (
                  <Table.Tr key={i} data-testid="history-line">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text fz="sm" fw={500}>
                        {what}
                      </Text>
                      {at && (
                        <Text component="time" dateTime={at} fz="xs" c="dimmed" display="block">
                          {formatDateTime(at)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
    </Card>
  );
}
