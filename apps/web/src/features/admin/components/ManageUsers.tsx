import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { QueryList } from '../../../components/ui/QueryList';
import { SectionCard } from '../../../components/ui/SectionCard';
import {
  useAdminUsers,
  useAdminUsersAge,
  useUpdateUserRow,
  type AdminUserRow,
  type UsersTableFilter,
} from '../api/console';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { RowEditButtons, RowUpdateFailedAlert } from './RowEditButtons';
import { useMsg } from '../../../shared/language/useMsg';

function UserRow({ row, onFailed }: { row: AdminUserRow; onFailed: () => void }) {
  const { t } = useLingui();
  const update = useUpdateUserRow();
  const [draft, setDraft] = useState<{ name: string; email: string } | null>(null);
  const email = row.email;

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
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {draft ? (
          <TextInput
            aria-label={t`Email of ${email}`}
            size="xs"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
          />
        ) : (
          row.email
        )}
      </Table.Td>
      <Table.Td>{row.username}</Table.Td>
      <Table.Td>
        {draft ? (
          <TextInput
            aria-label={t`Name of ${email}`}
            size="xs"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
        ) : (
          row.name || <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td ff="monospace" fz="xs" c="dimmed" title={row.id}>
        {row.id.slice(0, 8)}
      </Table.Td>
      <Table.Td>
        <RowEditButtons
          updateLabel={t`Update ${email}`}
          pending={update.isPending}
          onEdit={() => setDraft({ name: row.name, email: row.email })}
          editing={draft && { save, cancel: () => setDraft(null) }}
        />
      </Table.Td>
    </Table.Tr>
  );
}

const STATUS_OPTIONS = [
  { value: 'all', label: msg`All users` },
  { value: 'active', label: msg`Active` },
  { value: 'disabled', label: msg`Disabled` },
];
const SORT_OPTIONS = [
  { value: 'newest', label: msg`Newest first` },
  { value: 'oldest', label: msg`Oldest first` },
  { value: 'email', label: msg`E-mail A–Z` },
];

/**
 * Manage Users (SPEC §2): led by what a person reads (e-mail, username), then name and the short ID, and an
 * inline Update per row, optimistic with rollback. Any number of
 * users: a page at a time ("Load more"), filtered by the start of an e-mail or username and by status, sorted.
 */
export function ManageUsers() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UsersTableFilter['status']>('all');
  const [sort, setSort] = useState<UsersTableFilter['sort']>('newest');
  const users = useAdminUsers({ q, status, sort });
  const asOf = useAdminUsersAge({ q, status, sort });
  const [failed, setFailed] = useState(false);
  return (
    <SectionCard title={t`Manage Users`}>
      {failed && <RowUpdateFailedAlert onClose={() => setFailed(false)} />}
      <Group mb="sm" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t`Search`}
          placeholder={t`Start of an e-mail or username`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label={t`Status`}
          data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          value={status}
          allowDeselect={false}
          onChange={(v) => setStatus((v ?? 'all') as UsersTableFilter['status'])}
          w={140}
        />
        <Select
          label={t`Order`}
          data={SORT_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          value={sort}
          allowDeselect={false}
          onChange={(v) => setSort((v ?? 'newest') as UsersTableFilter['sort'])}
          w={160}
        />
      </Group>
      <FiguresAge asOf={asOf} />
      <QueryList query={users} loadingLabel={t`Loading users`} loaderSize="sm" empty={MSG.admin.noUsers}>
        {(rows) => (
          <>
            <DataTable
              minWidth={720}
              label={t`Users`}
              columns={[t`Email`, t`Username`, t`Name`, t`ID`, t`Update`]}
              striped
              highlightOnHover
              withTableBorder
            >
              {rows.map((row) => (
                <UserRow key={row.id} row={row} onFailed={() => setFailed(true)} />
              ))}
            </DataTable>
            {users.hasNextPage && (
              <Group justify="center" mt="sm">
                <Button variant="default" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
                  <Trans>Load more</Trans>
                </Button>
              </Group>
            )}
          </>
        )}
      </QueryList>
    </SectionCard>
  );
}
