import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_LABELS, type NotificationCategory } from '@svp/shared';
import { MSG } from '@svp/shared';
import { errorMessage, loadErrorText } from '../../../lib/errors';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/notifications';

const actionErrorText = (error: unknown) =>
  errorMessage(error, { http: MSG.common.internal, network: MSG.login.network });

/** Settings → E-mail notifications: a switch per category; security e-mails stay on (the server refuses otherwise). */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();

  const toggle = (category: NotificationCategory, on: boolean) =>
    save.mutate(
      { [category]: on },
      {
        onSuccess: (saved) => notifications.show({ color: 'teal', message: saved.message }),
        onError: (error) => notifications.show({ color: 'red', message: actionErrorText(error) }),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb={4}>
        E-mail notifications
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Every notification shows under the bell. Choose which ones are also sent to your e-mail address.
      </Text>
      {preferences.isPending ? (
        <Text fz="sm">Loading…</Text>
      ) : preferences.isError ? (
        <Text fz="sm" c="red" role="alert">
          {loadErrorText(preferences.error)}
        </Text>
      ) : (
        <Stack gap="xs">
          {NOTIFICATION_CATEGORIES.map((category) => (
            <Checkbox
              key={category}
              label={NOTIFICATION_CATEGORY_LABELS[category]}
              checked={preferences.data.email[category]}
              disabled={category === 'security' || save.isPending}
              onChange={(event) => toggle(category, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
