import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../../components/ui/CopyButton';
import { errorMessage, fieldError } from '../../../lib/errors';
import { useReferral, useSaveReferral } from '../api/referrals';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';

/** SPEC §5: trimmed, and anything but letters, digits and underscore removed. */
export const cleanReferralCode = (text: string) => text.trim().replace(/[^A-Za-z0-9_]/g, '');

export const shareLink = (code: string) => `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;

/** SPEC §4 referral: the code when there is one; otherwise Generate or Customize, submit, then the code. */
export function ReferralSection() {
  const referral = useReferral();

  if (referral.isPending) return <Loader size="sm" aria-label="Loading your referral code" />;
  if (referral.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {MSG.referral.fetchFailed}{' '}
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void referral.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const code = referral.data.referralCode;
  return code ? <ReferralCode code={code} /> : <ReferralGenerator />;
}

function ReferralCode({ code }: { code: string }) {
  const link = shareLink(code);
  return (
    <Stack gap="sm">
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Your referral code
        </Text>
        <Group gap="sm" align="center">
          <Text fz="xl" fw={800} ff="monospace" data-testid="referral-code">
            {code}
          </Text>
          <CopyButton value={code} label="Copy code" ariaLabel="Copy referral code" size="xs" />
        </Group>
      </div>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Share link
        </Text>
        <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {link}
        </Text>
        <CopyButton value={link} label="Copy link" ariaLabel="Copy share link" size="xs" mt={6} />
      </div>
    </Stack>
  );
}

function ReferralGenerator() {
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
      { onSuccess: (saved) => notifications.show({ message: saved.message, color: 'green' }) },
    );
  }

  const serverField = fieldError(save.error, 'referralCode');
  const general =
    save.isError && !serverField
      ? errorMessage(save.error, { http: MSG.referral.saveFailed, network: MSG.referral.saveError })
      : null;

  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <Text fz="sm">You have no referral code yet. Generate one, or choose your own.</Text>
      <SegmentedControl
        value={source}
        onChange={(value) => {
          setSource(value as 'generate' | 'custom');
          setError(null);
          save.reset();
        }}
        data={[
          { value: 'generate', label: 'Generate' },
          { value: 'custom', label: 'Customize' },
        ]}
        aria-label="How to create your referral code"
        w={{ base: '100%', xs: 280 }}
      />
      {source === 'custom' && (
        <TextInput
          label="Custom code"
          description="Letters, numbers and underscores; other characters are removed."
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
          {source === 'custom' ? 'Save my code' : 'Generate my code'}
        </Button>
      </Group>
    </Stack>
  );
}
