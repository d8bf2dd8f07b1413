import { useLingui } from '@lingui/react/macro';
import { Button, Group, TextInput } from '@mantine/core';
import { ADMIN_EMAIL_PATTERN, MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { localizeText } from '../../../shared/language/i18n';

/** SPEC §5 admin lookup: the simple e-mail pattern, button disabled while invalid, "required" when empty. */
export function adminEmailError(email: string): string | null {
  if (!email.trim()) return MSG.admin.emailRequired;
  return ADMIN_EMAIL_PATTERN.test(email.trim()) ? null : MSG.admin.emailInvalid;
}

interface EmailLookupFormProps {
  button: string;
  loading: boolean;
  onFetch: (email: string) => void;
}

export function EmailLookupForm({ button, loading, onFetch }: EmailLookupFormProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const error = adminEmailError(email);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!error) onFetch(email.trim());
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t`User email`}
          type="email"
          placeholder="user@example.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={(touched || email) && error ? localizeText(error) : undefined}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" mt={25} loading={loading} disabled={Boolean(error) || loading}>
          {button}
        </Button>
      </Group>
    </form>
  );
}
