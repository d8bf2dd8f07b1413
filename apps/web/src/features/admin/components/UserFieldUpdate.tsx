import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { SectionCard } from '../../../components/ui/SectionCard';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { consoleKeys, useUpdateField, useUserDetails, type UserDetails } from '../api/console';
import { BalanceAdjustForm } from './BalanceAdjustForm';
import { EmailLookupForm } from './EmailLookupForm';
import { TwoFactorAdminReset } from '../../two-factor/components/TwoFactorAdminReset';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { userFieldLabel, userFieldValue } from './user-profile-fields';
import { useCan } from '../../../shared/admin-console';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

/** SPEC §8 lookup texts: the server's "not found"/validation message, else "Error fetching user data." (localized) */
export function lookupErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500 && error.message)
    return localizeText(error.message);
  return localizeText(MSG.admin.fetchError);
}

function FieldEditor({ details, onUpdated }: { details: UserDetails; onUpdated: (d: UserDetails) => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const update = useUpdateField(details.id);
  const [field, setField] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [alert, setAlert] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!field || !value.trim()) {
      setAlert({ ok: false, text: MSG.admin.selectField });
      return;
    }
    setAlert(null);
    update.mutate(
      { field, value: value.trim() },
      {
        onSuccess: (res) => {
          onUpdated(res.user);
          setValue('');
          setAlert({ ok: true, text: res.message ? localizeText(res.message) : MSG.admin.updated });
        },
        onError: (err) =>
          setAlert({
            ok: false,
            text: errorMessage(err, { http: MSG.admin.updateError, network: MSG.admin.updateError }),
          }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <OutcomeAlert outcome={alert} />
        <Group align="flex-end" gap="sm">
          <Select
            label={t`Field`}
            placeholder={t`Choose a field`}
            data={details.editableFields.map((f) => ({ value: f, label: userFieldLabel(f) }))}
            value={field}
            onChange={setField}
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            label={t`New value`}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            style={{ flex: '2 1 220px' }}
          />
          <SubmitButton pending={update.isPending}>
            <Trans>Confirm Update</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The e-mail among a user's field/value pairs. */
const emailOf = (details: UserDetails) => details.fields.find((f) => f.field === 'email')?.value ?? null;

/**
 * Manage Withdrawals' "Update User Information" (SPEC §2): fetch by e-mail, the field table, one edit at a time.
 * The table is a query: after any admin change (a field, a balance adjustment, a withdrawal decision) it shows
 * the user as they are now. Each field is labelled and formatted as a profile reads; `ledger` draws the user's
 * ledger below it (the app composes it from the history feature).
 */
export function UserFieldUpdate({ ledger }: { ledger?: (userId: string) => ReactNode } = {}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const lookup = useUserDetails(email);
  const details = lookup.data ?? null;

  function onFetch(typed: string) {
    if (email !== null && consoleKeys.userDetails(typed).join() === consoleKeys.userDetails(email).join()) {
      void lookup.refetch();
    } else {
      setEmail(typed);
    }
  }

  /** A field saved: the answer is the user as they are now, kept under the e-mail they now have. */
  function onUpdated(user: UserDetails) {
    const now = emailOf(user) ?? email!;
    queryClient.setQueryData(consoleKeys.userDetails(now), user);
    setEmail(now);
  }

  // The console shows a role only what it may use (DESIGN D18): support and compliance look users up without editing.
  const can = useCan();
  return (
    <Stack gap="md">
      <SectionCard title={t`Update User Information`}>
        <EmailLookupForm button={t`Fetch User Details`} loading={lookup.isFetching} onFetch={onFetch} />
        {lookup.isError && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {lookupErrorText(lookup.error)}
          </Alert>
        )}
        {details && (
          <Stack gap="md" mt="md">
            <DataTable
              minWidth={260}
              label={t`User details`}
              columns={[t`Field`, t`Value`]}
              asCards={false}
              striped
              withTableBorder
              data-testid="user-fields"
            >
              {details.fields.map((f) => (
                <Table.Tr key={f.field}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {userFieldLabel(f.field)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{userFieldValue(f.field, f.value)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            {can('users.edit') && <FieldEditor key={details.id} details={details} onUpdated={onUpdated} />}
          </Stack>
        )}
      </SectionCard>
      {details && ledger && (
        <SectionCard title={t`Ledger`}>
          <div key={details.id}>{ledger(details.id)}</div>
        </SectionCard>
      )}
      {details && can('adjustments.post') && <BalanceAdjustForm key={details.id} userId={details.id} />}
      {details && can('users.edit') && <TwoFactorAdminReset key={`two-factor-${details.id}`} userId={details.id} />}
    </Stack>
  );
}
