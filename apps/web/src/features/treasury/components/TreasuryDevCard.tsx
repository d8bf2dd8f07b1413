import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { MSG, type TreasuryCommand } from '@svp/shared';
import { SectionCard } from '../../../components/ui/SectionCard';
import { errorMessage } from '../../../lib/errors';
import { useTreasuryCommand, type TreasuryRunStatus } from '../api/treasury';
import { plural } from '../../../lib/text';
import { TreasuryRunTable } from './TreasuryRunTable';

const COMMAND_LABELS: Record<TreasuryCommand, string> = { sweep: 'Sweep deposits', payouts: 'Send payouts' };

/** Where a run is while it has not ended: waiting for the treasury lock, or under way. */
function RunProgress({ run }: { run: TreasuryRunStatus }) {
  const label = COMMAND_LABELS[run.command];
  return (
    <Group gap="xs" role="status" data-testid="treasury-run-progress">
      <Loader size="xs" />
      <Text fz="sm">
        {run.status === 'queued'
          ? `${label}: waiting for another treasury run to finish.`
          : `${label}: running, ${plural(run.actions.length, 'action')} so far.`}
      </Text>
    </Group>
  );
}

/**
 * Development only (the report's devCommands: simulated chain, outside production): runs the operator's treasury
 * command inside the server, so the whole payout path can be walked through from the browser. The server answers
 * at once; the card follows the run until it has ended, then lists what it did.
 */
export function TreasuryDevCard({ explorerUrl }: { explorerUrl: string | null }) {
  const command = useTreasuryCommand();
  const { busy, run } = command;
  const error = command.startError ?? command.pollError;

  return (
    <SectionCard title="Development" size="h4" titleGap="xs" titleId="treasury-dev-title" compact>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          On the simulated chain this server runs the operator&apos;s treasury command itself. In production the
          operator runs it on their own machine, where the keys are.
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => command.start('sweep')}
            loading={busy === 'sweep'}
            disabled={busy !== null && busy !== 'sweep'}
          >
            Sweep deposits
          </Button>
          <Button
            onClick={() => command.start('payouts')}
            loading={busy === 'payouts'}
            disabled={busy !== null && busy !== 'payouts'}
          >
            Send payouts
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error, { http: MSG.common.internal, network: MSG.login.network })}
          </Alert>
        )}
        {run && (run.status === 'queued' || run.status === 'running') && <RunProgress run={run} />}
        {run?.status === 'failed' && (
          <Alert color="red" variant="light" role="alert" title={`${COMMAND_LABELS[run.command]} failed`}>
            {run.error}
          </Alert>
        )}
        {run?.status === 'done' && run.result && <TreasuryRunTable run={run.result} explorerUrl={explorerUrl} />}
      </Stack>
    </SectionCard>
  );
}
