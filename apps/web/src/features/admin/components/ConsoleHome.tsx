import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsdMicro, fromDecimalString } from '@svp/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/text';
import { localizeText } from '../../../shared/language/i18n';
import { useCan, useOperatorMe } from '../../../shared/admin-console';
import { useOverview } from '../api/console';
import { useQueueSummary } from '../api/home';
import { AdminSettingsPage } from './AdminPages';

function Panel({ title, tone, children }: { title: string; tone: 'ok' | 'warn' | 'bad'; children: ReactNode }) {
  const color = tone === 'ok' ? 'teal' : tone === 'warn' ? 'yellow' : 'red';
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      style={{ borderTop: `4px solid var(--mantine-color-${color}-6)` }}
      data-testid="console-panel"
    >
      <Stack gap="xs" h="100%">
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
          {title}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** Can the platform pay: the overview's verdict in one line, and the way to the treasury and the figures. */
function CanPay() {
  const { t } = useLingui();
  const overview = useOverview();
  const can = useCan();
  if (overview.isPending) return <Loader size="sm" aria-label={t`Loading overview`} />;
  if (overview.isError)
    return <ErrorBox message={loadErrorText(overview.error)} onRetry={() => void overview.refetch()} />;
  const { solvency, invariants, counts } = overview.data;
  const surplus = fromDecimalString(solvency.surplus, 'USD');
  const size = surplus < 0n ? -surplus : surplus;
  const ok = surplus >= 0n && invariants.ok;
  const amount = formatUsdMicro(size);
  const { pendingWithdrawals, openTickets, flaggedDeposits } = counts;
  return (
    <>
      <Panel title={t`Can the platform pay?`} tone={ok ? 'ok' : 'bad'}>
        <Text fz="xl" fw={800}>
          {surplus >= 0n ? t`Yes: ${amount} to spare` : t`No: ${amount} short`}
        </Text>
        <Text fz="sm" c="dimmed">
          {invariants.ok ? t`Ledger checks hold.` : t`Ledger checks found problems: see the overview.`}{' '}
          <Trans>Against what it would owe if every plan and stake ran to its end.</Trans>
        </Text>
        <Group gap="xs" mt="auto">
          {can('treasury.read') && (
            <Button component={Link} to="/dashadmin/treasury" size="sm">
              <Trans>Holdings and payouts</Trans>
            </Button>
          )}
          <Button component={Link} to="/dashadmin/overview" size="sm" variant="default">
            <Trans>Figures</Trans>
          </Button>
        </Group>
      </Panel>
      <Panel
        title={t`Waiting for a decision`}
        tone={pendingWithdrawals + openTickets + flaggedDeposits > 0 ? 'warn' : 'ok'}
      >
        <Stack gap={2}>
          <Text fz="xl" fw={800}>
            <Plural value={pendingWithdrawals} one="# withdrawal" other="# withdrawals" />
          </Text>
          <Text fz="sm" c="dimmed">
            {t`${plural(openTickets, { one: '# open ticket', other: '# open tickets' })}, ${plural(flaggedDeposits, { one: '# flagged deposit', other: '# flagged deposits' })}`}
          </Text>
        </Stack>
        <Group gap="xs" mt="auto">
          {can('withdrawals.read') && (
            <Button component={Link} to="/dashadmin/withdrawals" size="sm">
              <Trans>Open the withdrawal queue</Trans>
            </Button>
          )}
          {can('deposits.read') && counts.flaggedDeposits > 0 && (
            <Button component={Link} to="/dashadmin/deposits" size="sm" variant="default">
              <Trans>Review deposits</Trans>
            </Button>
          )}
        </Group>
      </Panel>
    </>
  );
}

/** What is late against the promise (processed within 48 hours to 3 days). */
function Late() {
  const { t } = useLingui();
  const can = useCan();
  const queue = useQueueSummary(can('withdrawals.read'));
  if (!can('withdrawals.read')) return null;
  if (queue.isPending) return <Loader size="sm" aria-label={t`Loading the queue`} />;
  if (queue.isError) return <ErrorBox message={loadErrorText(queue.error)} onRetry={() => void queue.refetch()} />;
  const { late, pending, approved, oldestLate } = queue.data;
  const due = formatDateTime(oldestLate);
  return (
    <Panel title={t`Late against the 48 h–3 days promise`} tone={late > 0 ? 'bad' : 'ok'}>
      <Text fz="xl" fw={800} data-testid="late-withdrawals">
        {late === 0 ? t`Nothing late` : t`${plural(late, { one: '# withdrawal late', other: '# withdrawals late' })}`}
      </Text>
      <Text fz="sm" c="dimmed">
        {oldestLate ? `${t`Due since ${due}.`} ` : ''}
        {t`${plural(pending, { one: '# request', other: '# requests' })} to decide, ${plural(approved, { one: '# approved payout', other: '# approved payouts' })} being sent.`}
      </Text>
    </Panel>
  );
}

/**
 * The console's home (/dashadmin): what matters first (can the platform pay, what waits for a decision, what is
 * late), then the spec's Settings with its four buttons. An admin without the overview sees the Settings alone.
 */
export function ConsoleHome() {
  const { t } = useLingui();
  const operator = useOperatorMe();
  const can = useCan();
  if (operator.isPending) return <Loader aria-label={t`Loading the console`} />;
  if (operator.isError) return <Alert color="red">{localizeText(operator.error.message)}</Alert>;
  if (!can('overview.read')) return <AdminSettingsPage />;
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          <Trans>Overview</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <CanPay />
          <Late />
        </SimpleGrid>
      </Stack>
      <AdminSettingsPage headingOrder={2} />
    </Stack>
  );
}
