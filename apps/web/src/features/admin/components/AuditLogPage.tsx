import { useLingui } from '@lingui/react/macro';
import { Code, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/text';
import { DataTable } from '../../../components/ui/DataTable';
import { QueryList } from '../../../components/ui/QueryList';
import { useAudit, useAuditAge } from '../api/console';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { ConsolePage } from '../../../components/ui/ConsolePage';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  return (
    <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320 }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}

/** /dashadmin/audit: every admin change, who, when, what, before and after (DESIGN D13). */
export default function AuditLogPage() {
  const { t } = useLingui();
  const audit = useAudit();
  const asOf = useAuditAge();
  return (
    <ConsolePage title={t`Audit log`}>
      <FiguresAge asOf={asOf} />
      <QueryList query={audit} loadingLabel={t`Loading audit log`} loaderSize="sm" empty={t`No admin changes yet.`}>
        {(rows) => (
          <DataTable
            minWidth={900}
            label={t`Audit log`}
            columns={[t`When`, t`Who`, t`What`, t`Before`, t`After`]}
            striped
            withTableBorder
            verticalSpacing="xs"
            data-testid="audit-log"
          >
            {rows.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td fz="sm">{formatDateTime(e.createdAt)}</Table.Td>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.actor ?? t`system`}
                </Table.Td>
                <Table.Td fz="sm">
                  <Text fw={600} fz="sm">
                    {e.action}
                  </Text>
                  <Text c="dimmed" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                    {e.targetType}
                    {e.targetId ? ` ${e.targetId}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Json value={e.before} />
                </Table.Td>
                <Table.Td>
                  <Json value={e.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryList>
    </ConsolePage>
  );
}
