import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '@svp/shared';
import { SectionCard } from '../../../components/ui/SectionCard';
import { errorMessage } from '../../../lib/errors';
import { useTreasuryCommand, type TreasuryRunStatus } from '../api/treasury';
import { localizeText } from '../../../shared/language/i18n';
import { COMMAND_LABELS, TreasuryRunTable } from './TreasuryRunTable';

/** Where a run is while it has not ended: waiting for the treasury lock, or under way. */
function RunProgress({ run }: { run: TreasuryRunStatus }) {
  const { t, i18n } = useLingui();
  const label = i18n._(COMMAND_LABELS[run.command]);
  const count = run.actions.length;
  return (
    <Group gap="xs" role="status" data-testid="treasury-run-progress">
      <Loader size="xs" />
      <Text fz="sm">
        {run.status === 'queued'
          ? t`${label}: waiting for another treasury run to finish.`
          : t`${label}: running, ${plural(count, { one: '# action', other: '# actions' })} so far.`}
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
  const { t, i18n } = useLingui();
  const command = useTreasuryCommand();
  const { busy, run } = command;
  const error = command.startError ?? command.pollError;
  const failedCommand = run ? i18n._(COMMAND_LABELS[run.command]) : '';

  return (
    <SectionCard title={t`Development`} size="h4" titleGap="xs" titleId="treasury-dev-title" compact>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          <Trans>
            On the simulated chain this server runs the operator&apos;s treasury command itself. In production the
            operator runs it on their own machine, where the keys are.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => command.start('sweep')}
            loading={busy === 'sweep'}
            disabled={busy !== null && busy !== 'sweep'}
          >
            <Trans>Sweep deposits</Trans>
          </Button>
          <Button
            onClick={() => command.start('payouts')}
            loading={busy === 'payouts'}
            disabled={busy !== null && busy !== 'payouts'}
          >
            <Trans>Send payouts</Trans>
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error, { http: MSG.common.internal, network: MSG.login.network })}
          </Alert>
        )}
        {run && (run.status === 'queued' || run.status === 'running') && <RunProgress run={run} />}
        {run?.status === 'failed' && (
          <Alert color="red" variant="light" role="alert" title={t`${failedCommand} failed`}>
            {run.error && localizeText(run.error)}
          </Alert>
        )}
        {run?.status === 'done' && run.result && <TreasuryRunTable run={run.result} explorerUrl={explorerUrl} />}
      </Stack>
    </SectionCard>
  );
}
