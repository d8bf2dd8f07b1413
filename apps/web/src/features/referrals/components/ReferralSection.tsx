import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../../components/ui/CopyButton';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useReferral, useSaveReferral } from '../api/referrals';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

/** SPEC §5: trimmed, and anything but letters, digits and underscore removed. */
export const cleanReferralCode = (text: string) => text.trim().replace(/[^A-Za-z0-9_]/g, '');

export const shareLink = (code: string) => `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;

/** SPEC §4 referral: the code when there is one; otherwise Generate or Customize, submit, then the code. */
export function ReferralSection() {
  const { t } = useLingui();
  const MSG = useMsg();
  const referral = useReferral();

  if (referral.isPending) return <Loader size="sm" aria-label={t`Loading your referral code`} />;
  if (referral.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {MSG.referral.fetchFailed}{' '}
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void referral.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const code = referral.data.referralCode;
  return code ? <ReferralCode code={code} /> : <ReferralGenerator />;
}

function ReferralCode({ code }: { code: string }) {
  const { t } = useLingui();
  const link = shareLink(code);
  return (
    <Stack gap="sm">
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          <Trans>Your referral code</Trans>
        </Text>
        <Group gap="sm" align="center">
          <Text fz="xl" fw={800} ff="monospace" data-testid="referral-code">
            {code}
          </Text>
          <CopyButton value={code} label={t`Copy code`} ariaLabel={t`Copy referral code`} size="xs" />
        </Group>
      </div>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          <Trans>Share link</Trans>
        </Text>
        <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {link}
        </Text>
        <CopyButton value={link} label={t`Copy link`} ariaLabel={t`Copy share link`} size="xs" mt={6} />
      </div>
    </Stack>
  );
}

function ReferralGenerator() {
  const { t } = useLingui();
  const MSG = useMsg();
  const [source, setSource] = useState<'generate' | 'custom'>('generate');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReferral();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    let referralCode = '';
    if (source === 'custom') {
      referralCode = cleanReferralCode(custom);
      if (!referralCode) {
        setError(MSG.referral.customInvalid);
        return;
      }
    }
    setError(null);
    save.mutate(
      { source, referralCode },
      { onSuccess: (saved) => notifications.show({ message: localizeText(saved.message), color: 'green' }) },
    );
  }

  const serverField = fieldError(save.error, 'referralCode');
  const general =
    save.isError && !serverField
      ? errorMessage(save.error, { http: MSG.referral.saveFailed, network: MSG.referral.saveError })
      : null;

  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <Text fz="sm">
        <Trans>You have no referral code yet. Generate one, or choose your own.</Trans>
      </Text>
      <SegmentedControl
        value={source}
        onChange={(value) => {
          setSource(value as 'generate' | 'custom');
          setError(null);
          save.reset();
        }}
        data={[
          { value: 'generate', label: t`Generate` },
          { value: 'custom', label: t`Customize` },
        ]}
        aria-label={t`How to create your referral code`}
        w={{ base: '100%', xs: 280 }}
      />
      {source === 'custom' && (
        <TextInput
          label={t`Custom code`}
          description={t`Letters, numbers and underscores; other characters are removed.`}
          autoComplete="off"
          maxLength={40}
          value={custom}
          onChange={(e) => {
            setCustom(e.currentTarget.value);
            setError(null);
          }}
          error={error ?? serverField}
          maw={360}
        />
      )}
      <ErrorAlert message={general} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          {source === 'custom' ? <Trans>Save my code</Trans> : <Trans>Generate my code</Trans>}
        </Button>
      </Group>
    </Stack>
  );
}
