import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MSG, type TreasuryCommand } from '@svp/shared';
import { SectionCard } from '../../../components/ui/SectionCard';
import { errorMessage } from '../../../lib/errors';
import { useTreasuryCommand } from '../api/treasury';
import { TreasuryRunTable } from './TreasuryRunTable';

/**
 * Development only (the report's devCommands: simulated chain, outside production): runs the operator's treasury
 * command inside the server, so the whole payout path can be walked through from the browser.
 */
export function TreasuryDevCard({ explorerUrl }: { explorerUrl: string | null }) {
  const run = useTreasuryCommand();
  const running = run.isPending ? run.variables : null;
  const start = (command: TreasuryCommand) => run.mutate(command);

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
            onClick={() => start('sweep')}
            loading={running === 'sweep'}
            disabled={run.isPending && running !== 'sweep'}
          >
            Sweep deposits
          </Button>
          <Button
            onClick={() => start('payouts')}
            loading={running === 'payouts'}
            disabled={run.isPending && running !== 'payouts'}
          >
            Send payouts
          </Button>
        </Group>
        {run.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(run.error, { http: MSG.common.internal, network: MSG.login.network })}
          </Alert>
        )}
        {run.isSuccess && <TreasuryRunTable run={run.data} explorerUrl={explorerUrl} />}
      </Stack>
    </SectionCard>
  );
}
