import { Card, Divider, Stack, Title } from '@mantine/core';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailSettings } from './EmailSettings';
import { SessionsList } from './SessionsList';
import { SignInHistory } from './SignInHistory';

/** Settings → Security (issue 18 parts 2 and 3): e-mail, password, sessions and recent sign-ins. */
export default function SecuritySection() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="security-title">
      <Title order={2} fz="h4" mb="md" id="security-title">
        Security
      </Title>
      <Stack gap="lg">
        <EmailSettings />
        <Divider />
        <ChangePasswordForm />
        <Divider />
        <SessionsList />
        <Divider />
        <SignInHistory />
      </Stack>
    </Card>
  );
}
