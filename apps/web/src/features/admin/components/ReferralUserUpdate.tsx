import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/ui/SectionCard';
import { ApiError } from '../../../lib/api';
import { useLookupUser, useUpdateContact } from '../api/console';
import { EmailLookupForm } from './EmailLookupForm';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useMsg } from '../../../shared/language/useMsg';

interface Contact {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** Manage Referrals' "User Information Update" (SPEC §2): fetch by e-mail, edit name, e-mail and phone. */
export function ReferralUserUpdate() {
  const { t } = useLingui();
  const MSG = useMsg();
  const lookup = useLookupUser();
  const save = useUpdateContact();
  const [contact, setContact] = useState<Contact | null>(null);
  const [alert, setAlert] = useState<Outcome | null>(null);

  function fetchUser(email: string) {
    setAlert(null);
    lookup.mutate(email, {
      onSuccess: (details) => {
        const value = (field: string) => details.fields.find((f) => f.field === field)?.value ?? '';
        setContact({ id: details.id, name: value('name'), email: value('email'), phone: value('phone') });
      },
      onError: (err) => {
        setContact(null);
        setAlert({
          ok: false,
          text: err instanceof ApiError && err.status === 404 ? MSG.admin.referralUserNotFound : MSG.admin.fetchError,
        });
      },
    });
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (!contact) return;
    if (!contact.email.trim()) return setAlert({ ok: false, text: MSG.admin.emailRequired });
    setAlert(null);
    save.mutate(contact, {
      onSuccess: () => setAlert({ ok: true, text: MSG.admin.referralUpdated }),
      onError: (err) =>
        setAlert({
          ok: false,
          text:
            err instanceof ApiError && err.status === 404
              ? MSG.admin.referralUserNotFound
              : MSG.admin.referralUpdateFailed,
        }),
    });
  }

  const set = (key: keyof Contact) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = e.currentTarget.value;
    setContact((c) => (c ? { ...c, [key]: next } : c));
  };

  return (
    <SectionCard title={t`User Information Update`}>
      <Stack gap="md">
        <EmailLookupForm button={t`Fetch User`} loading={lookup.isPending} onFetch={fetchUser} />
        <OutcomeAlert outcome={alert} />
        {contact && (
          <form onSubmit={onSave} noValidate>
            <Stack gap="sm">
              <Group grow align="flex-start" gap="sm" wrap="wrap">
                <TextInput label={t`Name`} value={contact.name} onChange={set('name')} miw={180} />
                <TextInput label={t`Email`} type="email" value={contact.email} onChange={set('email')} miw={200} />
                <TextInput label={t`Phone`} type="tel" value={contact.phone} onChange={set('phone')} miw={160} />
              </Group>
              <SubmitButton pending={save.isPending} style={{ alignSelf: 'start' }}>
                <Trans>Save Changes</Trans>
              </SubmitButton>
            </Stack>
          </form>
        )}
      </Stack>
    </SectionCard>
  );
}
