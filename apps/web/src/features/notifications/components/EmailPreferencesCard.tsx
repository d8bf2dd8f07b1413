import { Trans } from '@lingui/react/macro';
import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_LABELS, type NotificationCategory } from '@svp/shared';
import { errorMessage, loadErrorText } from '../../../lib/errors';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/notifications';

// errorMessage puts the English fallbacks in the reader's language.
const actionErrorText = (error: unknown) =>
  errorMessage(error, { http: MSG.common.internal, network: MSG.login.network });

/** Settings → E-mail notifications: a switch per category; security e-mails stay on (the server refuses otherwise). */
export function EmailPreferencesCard() {
  const categoryLabels = useSharedTexts('NOTIFICATION_CATEGORY_LABELS', NOTIFICATION_CATEGORY_LABELS);
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();

  const toggle = (category: NotificationCategory, on: boolean) =>
    save.mutate(
      { [category]: on },
      {
        onSuccess: (saved) => notifications.show({ color: 'teal', message: localizeText(saved.message) }),
        onError: (error) => notifications.show({ color: 'red', message: actionErrorText(error) }),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb={4}>
        <Trans>E-mail notifications</Trans>
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        <Trans>Every notification shows under the bell. Choose which ones are also sent to your e-mail address.</Trans>
      </Text>
      {preferences.isPending ? (
        <Text fz="sm">
          <Trans>Loading…</Trans>
        </Text>
      ) : preferences.isError ? (
        <Text fz="sm" c="red" role="alert">
          {loadErrorText(preferences.error)}
        </Text>
      ) : (
        <Stack gap="xs">
          {NOTIFICATION_CATEGORIES.map((category) => (
            <Checkbox
              key={category}
              label={categoryLabels[category]}
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
