import { Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { QueryList } from '../../../components/ui/QueryList';
import { SectionCard } from '../../../components/ui/SectionCard';
import { useAdminUsers, useUpdateUserRow, type AdminUserRow } from '../api/console';

function UserRow({ row, onFailed }: { row: AdminUserRow; onFailed: () => void }) {
  const update = useUpdateUserRow();
  const [draft, setDraft] = useState<{ name: string; email: string } | null>(null);

  function save() {
    if (!draft) return;
    const changes: { name?: string; email?: string } = {};
    if (draft.name.trim() !== row.name) changes.name = draft.name.trim();
    if (draft.email.trim() !== row.email) changes.email = draft.email.trim();
    setDraft(null);
    if (Object.keys(changes).length === 0) return;
    update.mutate({ id: row.id, changes }, { onError: onFailed });
  }

  return (
    <Table.Tr data-testid="user-row">
      <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
        {row.id}
      </Table.Td>
      <Table.Td>
        {draft ? (
          <TextInput
            aria-label={`Name of ${row.email}`}
            size="xs"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
        ) : (
          row.name || <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {draft ? (
          <TextInput
            aria-label={`Email of ${row.email}`}
            size="xs"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
          />
        ) : (
          row.email
        )}
      </Table.Td>
      <Table.Td>
        {draft ? (
          <Group gap={4} wrap="nowrap">
            <Button size="xs" onClick={save}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={update.isPending}
            aria-label={`Update ${row.email}`}
            onClick={() => setDraft({ name: row.name, email: row.email })}
          >
            Update
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Manage Users (SPEC §2): ID, Name, Email and an inline Update per row, optimistic with rollback. */
export function ManageUsers() {
  const users = useAdminUsers();
  const [failed, setFailed] = useState(false);
  return (
    <SectionCard title="Manage Users">
      {failed && (
        <Alert color="red" variant="light" role="alert" mb="sm" withCloseButton onClose={() => setFailed(false)}>
          {MSG.admin.tableUpdateFailed}
        </Alert>
      )}
      <QueryList query={users} loadingLabel="Loading users" loaderSize="sm" empty={MSG.admin.noUsers}>
        {(rows) => (
          <DataTable
            minWidth={640}
            label="Users"
            columns={['ID', 'Name', 'Email', 'Update']}
            striped
            highlightOnHover
            withTableBorder
          >
            {rows.map((row) => (
              <UserRow key={row.id} row={row} onFailed={() => setFailed(true)} />
            ))}
          </DataTable>
        )}
      </QueryList>
    </SectionCard>
  );
}
