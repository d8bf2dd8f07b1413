import { Trans } from '@lingui/react/macro';
import { Card, Divider, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailSettings } from './EmailSettings';
import { SessionsList } from './SessionsList';
import { SignInHistory } from './SignInHistory';

/**
 * Settings → Security: e-mail, password, two-factor sign-in (its own feature, given by the settings page),
 * sessions and recent sign-ins.
 */
export default function SecuritySection({ twoFactor }: { twoFactor?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="security-title">
      <Title order={2} fz="h4" mb="md" id="security-title">
        <Trans>Security</Trans>
      </Title>
      <Stack gap="lg">
        <EmailSettings />
        <Divider />
        <ChangePasswordForm />
        <Divider />
        {twoFactor && (
          <>
            {twoFactor}
            <Divider />
          </>
        )}
        <SessionsList />
        <Divider />
        <SignInHistory />
      </Stack>
    </Card>
  );
}
