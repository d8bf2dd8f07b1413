import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { MSG, TWO_FACTOR_MSG } from '@svp/shared';
import { useState } from 'react';
import { SectionCard } from '../../../components/ui/SectionCard';
import { errorMessage } from '../../../lib/errors';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';
import { useResetUserTwoFactor, useUserTwoFactor } from '../api/two-factor';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';

/**
 * The admin user screen's "Two-factor authentication": on or off, and a reset for a user who lost their app and
 * recovery codes (audited; the user is e-mailed). The admin never sees the user's key.
 */
export function TwoFactorAdminReset({ userId }: { userId: string }) {
  const { t } = useLingui();
  const twoFactorMsg = useSharedTexts('TWO_FACTOR_MSG', TWO_FACTOR_MSG);
  const status = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor(userId);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<Outcome | null>(null);

  function onReset() {
    setConfirming(false);
    reset.mutate(undefined, {
      onSuccess: (res) => setAlert({ ok: true, text: localizeText(res.message) }),
      onError: (err) =>
        setAlert({ ok: false, text: errorMessage(err, { http: MSG.admin.updateError, network: MSG.login.network }) }),
    });
  }

  const enabled = status.data?.enabled ?? false;
  return (
    <SectionCard
      title={t`Two-factor authentication`}
      titleId="user-two-factor-title"
      size="h4"
      aside={
        status.data && (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="user-two-factor-status">
            {enabled ? t`On` : t`Off`}
          </Badge>
        )
      }
    >
      <Stack gap="sm">
        <OutcomeAlert outcome={alert} />
        {status.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : confirming ? (
          <>
            <Text fz="sm">{twoFactorMsg.resetConfirm}</Text>
            <Group gap="sm">
              <Button color="red" onClick={onReset}>
                <Trans>Confirm reset</Trans>
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                <Trans>Cancel</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button
              variant="light"
              color="red"
              disabled={!enabled || reset.isPending}
              loading={reset.isPending}
              onClick={() => {
                setAlert(null);
                setConfirming(true);
              }}
            >
              <Trans>Reset two-factor authentication</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
