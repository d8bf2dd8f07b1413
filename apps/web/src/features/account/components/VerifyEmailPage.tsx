import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_MSG, MSG } from '@svp/shared';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/ui/AuthShell';
import { Logo } from '../../../components/ui/Logo';
import { errorMessage } from '../../../lib/errors';
import { meQueryKey } from '../../../shared/query-keys';
import { verifyEmail } from '../api/verify';
import { accountKeys } from '../../../shared/query-keys';

/** The page an e-mailed verification link opens: it uses the link once and shows what happened. */
export default function VerifyEmailPage() {
  const { t } = useLingui();
  const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  });
  // Once per page: a second render (React's development double effects) must not spend the link twice.
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = !token || verify.isError;
  const already = verify.data?.status === 'already-verified';
  return (
    <AuthShell>
      <Card withBorder radius="lg" shadow="md" padding="xl" maw={480} w="100%">
        <Stack gap="md">
          <Logo />
          <Title order={1} fz="h3">
            <Trans>E-mail verification</Trans>
          </Title>
          {failed ? (
            <Alert color="red" variant="light" role="alert">
              {token
                ? errorMessage(verify.error, { http: ACCOUNT_MSG.linkInvalid, network: MSG.login.network })
                : accountMsg.linkInvalid}
            </Alert>
          ) : verify.isSuccess ? (
            // Opened again after it worked: nothing to do, and nothing wrong.
            <Alert color={already ? 'blue' : 'teal'} variant="light" role="status">
              {localizeText(verify.data.message)}
            </Alert>
          ) : (
            <Group>
              <Loader size="sm" aria-label={t`Verifying`} />
              <Text>
                <Trans>Verifying your e-mail address…</Trans>
              </Text>
            </Group>
          )}
          <Text fz="sm">
            <Trans>
              <Anchor component={Link} to="/dashboard" underline="always">
                Go to your dashboard
              </Anchor>{' '}
              or{' '}
              <Anchor component={Link} to="/" underline="always">
                sign in
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
      </Card>
    </AuthShell>
  );
}
