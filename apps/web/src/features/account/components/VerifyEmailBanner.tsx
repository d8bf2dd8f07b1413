import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { ACCOUNT_MSG, type MeResponse } from '@svp/shared';
import { useState } from 'react';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';
import { useMeAnswer } from '../../../shared/session/me';
import { useResendVerification } from '../api/resend';
import { actionErrorText } from './texts';

const emailVerifiedOf = (me: MeResponse) => me.emailVerified;

/** Until the account's e-mail is verified, every dashboard page says so, with "Resend" (ADR 0023). */
export function VerifyEmailBanner() {
  const { t } = useLingui();
  const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);
  const verified = useMeAnswer(emailVerifiedOf);
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  if (verified.data !== false) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      title={t`Verify your e-mail address`}
      data-testid="verify-email-banner"
    >
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{accountMsg.unverifiedBanner}</Text>
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (res) => setAnswer({ ok: true, text: localizeText(res.message) }),
              onError: (error) => setAnswer({ ok: false, text: actionErrorText(error) }),
            })
          }
        >
          <Trans>Resend</Trans>
        </Button>
      </Group>
      {answer && (
        <Text fz="sm" mt="xs" role={answer.ok ? 'status' : 'alert'} c={answer.ok ? undefined : 'red.8'}>
          {answer.text}
        </Text>
      )}
    </Alert>
  );
}
