import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { usernameErrorText, useUpdateUsername } from '../api/username';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/** SPEC §4 username: read-only, Edit, Save (nothing sent when blank), back to read-only on success. */
export function UsernameEditor({ username }: { username: string }) {
  const update = useUpdateUsername();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(username);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = value.trim();
    if (!next) return; // SPEC §5: non-blank, else nothing is sent
    setError(null);
    update.mutate(next, {
      onSuccess: (res) => {
        setSaved(next);
        setEditing(false);
        notifications.show({ color: 'teal', message: res.message || MSG.profile.usernameSaved });
      },
      onError: (err) => setError(usernameErrorText(err)),
    });
  }

  const shown = saved ?? username;
  if (!editing) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Username
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="username-value">
            {shown || 'Not set'}
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            setValue(shown);
            setError(null);
            setEditing(true);
          }}
        >
          Edit
        </Button>
      </Group>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Username"
          description="3 to 30 letters, digits or underscores."
          value={value}
          maxLength={30}
          autoFocus
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <ErrorAlert message={error} />
        <Group gap="xs">
          <SubmitButton size="xs" pending={update.isPending}>
            Save
          </SubmitButton>
          <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={update.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
