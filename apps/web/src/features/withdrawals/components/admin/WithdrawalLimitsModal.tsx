import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatUsd, MSG } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../../components/ui/ErrorAlert';
import { errorMessage } from '../../../../lib/errors';
import { useSetWithdrawalLimits, useWithdrawalLimits } from '../../api/withdrawal-controls';

// errorMessage shows these in the reader's language: MSG's English words are how it finds them.
const FALLBACK = { http: MSG.common.internal, network: MSG.login.network };

/**
 * Finance's override of one user's withdrawal caps (ADR 0044): empty means the configured default. Shows what is in
 * force and what is used; the server checks the permission (withdrawals.limits) and audits the change.
 */
export function WithdrawalLimitsModal({
  user,
  onClose,
}: {
  user: { id: string; username: string } | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const username = user?.username ?? '';
  return (
    <Modal opened={user !== null} onClose={onClose} title={t`Withdrawal limits: ${username}`} centered>
      {user && <LimitsForm key={user.id} userId={user.id} onClose={onClose} />}
    </Modal>
  );
}

function LimitsForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui();
  const limits = useWithdrawalLimits(userId);
  const save = useSetWithdrawalLimits(userId);
  const [daily, setDaily] = useState<string | null>(null);
  const [monthly, setMonthly] = useState<string | null>(null);
  const [note, setNote] = useState('');
  if (limits.isPending) return <Loader aria-label={t`Loading the limits`} />;
  if (limits.isError) return <ErrorAlert message={errorMessage(limits.error, FALLBACK)} />;
  const l = limits.data;
  const shown = (v: string | null) => (v === null ? t`none` : formatUsd(v));
  const dailyValue = daily ?? l.override?.dailyCap ?? '';
  const monthlyValue = monthly ?? l.override?.monthlyCap ?? '';
  const dailyCap = shown(l.dailyCap);
  const dailyUsed = formatUsd(l.dailyUsed);
  const monthlyCap = shown(l.monthlyCap);
  const monthlyUsed = formatUsd(l.monthlyUsed);
  const defaultDaily = shown(l.defaults.dailyCap);
  const defaultMonthly = shown(l.defaults.monthlyCap);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { dailyCap: dailyValue.trim() || null, monthlyCap: monthlyValue.trim() || null, note },
      { onSuccess: onClose },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">
          <Trans>
            In force: {dailyCap} in 24 hours ({dailyUsed} used), {monthlyCap} in 30 days ({monthlyUsed} used). Defaults:{' '}
            {defaultDaily} and {defaultMonthly}.
          </Trans>
        </Text>
        <TextInput
          label={t`Daily cap (USD)`}
          description={t`Empty: the default`}
          value={dailyValue}
          onChange={(e) => setDaily(e.currentTarget.value)}
        />
        <TextInput
          label={t`Monthly cap (USD)`}
          description={t`Empty: the default`}
          value={monthlyValue}
          onChange={(e) => setMonthly(e.currentTarget.value)}
        />
        <TextInput label={t`Note`} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <ErrorAlert message={save.isError ? errorMessage(save.error, FALLBACK) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save limits</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
