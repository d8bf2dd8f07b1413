import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, isEmail, MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldError, loadErrorText } from '../../../lib/errors';
import { useAccountSecurity, useChangeEmail } from '../api/account';
import { useResendVerification } from '../api/resend';
import { actionErrorText } from './texts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';
import { useTextFields } from './useTextFields';

/** The account's e-mail: verified or not, a change waiting for its link, "Resend", and the change form. */
export function EmailSettings() {
  const security = useAccountSecurity();
  const resend = useResendVerification();
  const change = useChangeEmail();
  const { form, set, reset } = useTextFields({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const [message, setMessage] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isEmail(form.newEmail)) found.newEmail = MSG.register.emailInvalid;
    if (!form.password) found.password = ACCOUNT_MSG.currentPasswordRequired;
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    change.mutate(form, {
      onSuccess: (res) => {
        reset();
        setMessage({ ok: true, text: res.message });
      },
      onError: (error) => {
        const fields = { newEmail: fieldError(error, 'newEmail'), password: fieldError(error, 'password') };
        setErrors(fields);
        if (!fields.newEmail && !fields.password) setMessage({ ok: false, text: actionErrorText(error) });
      },
    });
  }

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) => notifications.show({ color: 'teal', message: res.message }),
      onError: (error) => notifications.show({ color: 'red', message: actionErrorText(error) }),
    });

  const data = security.data;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        E-mail address
      </Title>
      {security.isError ? (
        <ErrorAlert message={loadErrorText(security.error)} />
      ) : data ? (
        <Stack gap={6}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {data.email}
            </Text>
            <Badge color={data.emailVerified ? 'teal' : 'yellow'} variant="light">
              {data.emailVerified ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
          {data.pendingEmail && (
            <Text fz="sm" data-testid="pending-email">
              Waiting for confirmation: {data.pendingEmail}. Open the link we sent there to finish the change.
            </Text>
          )}
          {(data.pendingEmail || !data.emailVerified) && (
            <Button
              variant="light"
              size="xs"
              onClick={onResend}
              loading={resend.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              Resend verification link
            </Button>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" fz="sm">
          Loading…
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Change e-mail address">
        <Stack gap="xs">
          <TextInput
            label="New e-mail address"
            type="email"
            autoComplete="email"
            value={form.newEmail}
            onChange={set('newEmail')}
            error={errors.newEmail}
          />
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
          />
          <OutcomeAlert outcome={message} />
          <Button
            type="submit"
            loading={change.isPending}
            disabled={change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Change e-mail
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
