import { Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, MSG, PASSWORD_MIN } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldError } from '../../../lib/errors';
import { useChangePassword } from '../api/account';
import { actionErrorText } from './texts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { useTextFields } from './useTextFields';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** The three password fields, in order. */
const FIELDS: { field: keyof typeof EMPTY; label: string; description?: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    field: 'newPassword',
    label: 'New password',
    description: `At least ${PASSWORD_MIN} characters.`,
    autoComplete: 'new-password',
  },
  { field: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Change password: the current one, then the new one twice. Every other session is signed out by the server. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, set, reset } = useTextFields(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!form.currentPassword) found.currentPassword = ACCOUNT_MSG.currentPasswordRequired;
    if (form.newPassword.length < PASSWORD_MIN) found.newPassword = MSG.register.passwordShort;
    else if (form.newPassword !== form.confirm) found.confirm = ACCOUNT_MSG.passwordsMismatch;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: (res) => {
          reset();
          notifications.show({ color: 'teal', message: res.message });
        },
        onError: (error) => {
          const fields = {
            currentPassword: fieldError(error, 'currentPassword'),
            newPassword: fieldError(error, 'newPassword'),
          };
          setErrors(fields);
          if (!fields.currentPassword && !fields.newPassword) setFailure(actionErrorText(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="change-password-title">
          Change password
        </Title>
        {FIELDS.map(({ field, ...look }) => (
          <PasswordField key={field} {...look} value={form[field]} onChange={set(field)} error={errors[field]} />
        ))}
        <ErrorAlert message={failure} />
        <Button
          type="submit"
          loading={change.isPending}
          disabled={change.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Change password
        </Button>
      </Stack>
    </form>
  );
}
