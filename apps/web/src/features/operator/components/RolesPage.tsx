import { Alert, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { ADMIN_ROLES, ADMIN_ROLE_LABELS, type AdminRole, type OperatorAdmin } from '@svp/shared';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { useAdmins, useCan, useChangeRole } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';

/** Admin roles: who holds which; a superadmin ticks and unticks them (each change asks for a fresh code when due). */
export function RolesPage() {
  const admins = useAdmins();
  const change = useChangeRole();
  const can = useCan();
  const editable = can('roles.manage');

  if (admins.isPending) return <FullPageLoader />;
  if (admins.isError) return <ErrorBox message={admins.error.message} onRetry={() => void admins.refetch()} />;

  const toggle = (admin: OperatorAdmin, role: AdminRole, granted: boolean) =>
    change.mutate({ id: admin.id, role, granted });

  return (
    <ConsolePage title="Admin roles">
      <Stack gap={2}>
        {ADMIN_ROLES.map((role) => (
          <Text key={role} fz="sm" c="dimmed">
            {ADMIN_ROLE_LABELS[role]}
          </Text>
        ))}
      </Stack>
      {change.isError && <Alert color="red">{change.error.message}</Alert>}
      {change.isSuccess && <Alert color="green">{change.data.message}</Alert>}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Admin</Table.Th>
            {ADMIN_ROLES.map((role) => (
              <Table.Th key={role}>{role}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.data.admins.map((admin) => (
            <Table.Tr key={admin.id} data-testid="admin-row">
              <Table.Td>
                <Group gap="xs">
                  <Text fz="sm">{admin.email}</Text>
                  {admin.disabled && <Badge color="gray">disabled</Badge>}
                </Group>
              </Table.Td>
              {ADMIN_ROLES.map((role) => (
                <Table.Td key={role}>
                  <Checkbox
                    aria-label={`${role} for ${admin.email}`}
                    checked={admin.roles.includes(role)}
                    disabled={!editable || change.isPending}
                    onChange={(event) => toggle(admin, role, event.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ConsolePage>
  );
}
