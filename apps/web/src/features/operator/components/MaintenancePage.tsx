import { Alert, Button, Group, NumberInput, Text, Textarea } from '@mantine/core';
import { OPERATOR_MSG } from '@svp/shared';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { useMaintenance, useSetMaintenance } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';

/** Maintenance mode: read-only platform with a message; users' writes wait with Retry-After. */
export function MaintenancePage() {
  const state = useMaintenance();
  const set = useSetMaintenance();
  const [message, setMessage] = useState('');
  const [minutes, setMinutes] = useState<number | string>(5);

  if (state.isPending) return <FullPageLoader />;
  if (state.isError) return <ErrorBox message={state.error.message} onRetry={() => void state.refetch()} />;
  const active = state.data.active;

  return (
    <ConsolePage title="Maintenance" maw={640}>
      <Alert color={active ? 'orange' : 'green'} data-testid="maintenance-state">
        {active ? `On since ${state.data.since ?? ''}: "${state.data.message}"` : 'Off: users can use everything.'}
      </Alert>
      <Text fz="sm" c="dimmed">
        While it is on, users can sign in and read, but every change (top-ups, investing, withdrawals, staking, rewards)
        is refused with your message. The console keeps working.
      </Text>
      {!active && (
        <>
          <Textarea
            label="Message users see"
            placeholder={OPERATOR_MSG.maintenanceDefault}
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <NumberInput
            label="Ask clients to retry after (minutes)"
            min={1}
            max={1440}
            value={minutes}
            onChange={setMinutes}
          />
        </>
      )}
      {set.isError && <Alert color="red">{set.error.message}</Alert>}
      {set.isSuccess && <Alert color="green">{set.data.message}</Alert>}
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
          {active ? 'Turn maintenance off' : 'Turn maintenance on'}
        </Button>
      </Group>
    </ConsolePage>
  );
}
