import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole, type OperatorAdmin } from '@svp/shared';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { useAdmins, useCan, useChangeRole } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';

/** Admin roles: who holds which; a superadmin ticks and unticks them (each change asks for a fresh code when due). */
export function RolesPage() {
  const { t } = useLingui();
  const roleLabels = useSharedTexts('ADMIN_ROLE_LABELS', ADMIN_ROLE_LABELS);
  const admins = useAdmins();
  const change = useChangeRole();
  const can = useCan();
  const editable = can('roles.manage');

  if (admins.isPending) return <FullPageLoader />;
  if (admins.isError)
    return <ErrorBox message={localizeText(admins.error.message)} onRetry={() => void admins.refetch()} />;

  const toggle = (admin: OperatorAdmin, role: AdminRole, granted: boolean) =>
    change.mutate({ id: admin.id, role, granted });

  return (
    <ConsolePage title={t`Admin roles`}>
      <Stack gap={2}>
        {ADMIN_ROLES.map((role) => (
          <Text key={role} fz="sm" c="dimmed">
            {roleLabels[role]}
          </Text>
        ))}
      </Stack>
      {change.isError && <Alert color="red">{localizeText(change.error.message)}</Alert>}
      {change.isSuccess && <Alert color="green">{localizeText(change.data.message)}</Alert>}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Admin</Trans>
            </Table.Th>
            {ADMIN_ROLES.map((role) => (
              <Table.Th key={role}>{role}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.data.admins.map((admin) => {
            const email = admin.email;
            return (
              <Table.Tr key={admin.id} data-testid="admin-row">
                <Table.Td>
                  <Group gap="xs">
                    <Text fz="sm">{admin.email}</Text>
                    {admin.disabled && (
                      <Badge color="gray">{t({ message: 'disabled', context: 'admin account' })}</Badge>
                    )}
                  </Group>
                </Table.Td>
                {ADMIN_ROLES.map((role) => (
                  <Table.Td key={role}>
                    <Checkbox
                      aria-label={t`${role} for ${email}`}
                      checked={admin.roles.includes(role)}
                      disabled={!editable || change.isPending}
                      onChange={(event) => toggle(admin, role, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ConsolePage>
  );
}
