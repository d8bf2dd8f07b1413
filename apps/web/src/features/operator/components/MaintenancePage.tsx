import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Text, Textarea } from '@mantine/core';
import { OPERATOR_MSG } from '@svp/shared';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { useMaintenance, useSetMaintenance } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';

/** Maintenance mode: read-only platform with a message; users' writes wait with Retry-After. */
export function MaintenancePage() {
  const { t } = useLingui();
  const operatorMsg = useSharedTexts('OPERATOR_MSG', OPERATOR_MSG);
  const state = useMaintenance();
  const set = useSetMaintenance();
  const [message, setMessage] = useState('');
  const [minutes, setMinutes] = useState<number | string>(5);

  if (state.isPending) return <FullPageLoader />;
  if (state.isError)
    return <ErrorBox message={localizeText(state.error.message)} onRetry={() => void state.refetch()} />;
  const active = state.data.active;
  // The time as the server sent it (ISO); the message localized when it is one of ours (the default).
  const since = state.data.since ?? '';
  const shown = localizeText(state.data.message);

  return (
    <ConsolePage title={t`Maintenance`} maw={640}>
      <Alert color={active ? 'orange' : 'green'} data-testid="maintenance-state">
        {active ? t`On since ${since}: "${shown}"` : t`Off: users can use everything.`}
      </Alert>
      <Text fz="sm" c="dimmed">
        <Trans>
          While it is on, users can sign in and read, but every change (top-ups, investing, withdrawals, staking,
          rewards) is refused with your message. The console keeps working.
        </Trans>
      </Text>
      {!active && (
        <>
          <Textarea
            label={t`Message users see`}
            placeholder={operatorMsg.maintenanceDefault}
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <NumberInput
            label={t`Ask clients to retry after (minutes)`}
            min={1}
            max={1440}
            value={minutes}
            onChange={setMinutes}
          />
        </>
      )}
      {set.isError && <Alert color="red">{localizeText(set.error.message)}</Alert>}
      {set.isSuccess && <Alert color="green">{localizeText(set.data.message)}</Alert>}
      <Group>
        <Button
          color={active ? 'green' : 'orange'}
          loading={set.isPending}
          onClick={() =>
            set.mutate(
              active
                ? { active: false }
                : { active: true, message: message.trim() || undefined, retryAfterMinutes: Number(minutes) || 5 },
            )
          }
        >
          {active ? t`Turn maintenance off` : t`Turn maintenance on`}
        </Button>
      </Group>
    </ConsolePage>
  );
}
