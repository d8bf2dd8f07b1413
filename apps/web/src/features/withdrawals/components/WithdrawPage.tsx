import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Flex, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { errorMessage, loadErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/text';
import { useEarnings, useRefreshMoney, useWithdrawalQuote, type WithdrawalResult } from '../api/withdrawals';
import { BreakInvestmentModal } from './BreakInvestmentModal';
import { WithdrawalControlsNote } from './WithdrawalControlsNote';
import { MoveToBalanceModal } from './MoveToBalanceModal';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawSuccessModal } from './WithdrawSuccessModal';
import { PageHeader } from '../../../components/ui/PageHeader';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={800}>
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="red" role="alert">
          {note}
        </Text>
      )}
    </div>
  );
}

/** SPEC §2/§4/§9 withdrawal panel: open/close form, break-investment modal, success modal, then a reload. */
export default function WithdrawPage() {
  const { t } = useLingui();
  const MSG = useMsg();
  const quote = useWithdrawalQuote();
  const earnings = useEarnings();
  const refresh = useRefreshMoney();
  const [formOpen, setFormOpen] = useState(false);
  const [breaking, setBreaking] = useState(false);
  const [moving, setMoving] = useState(false);
  const [result, setResult] = useState<WithdrawalResult | null>(null);

  function onDone(done: WithdrawalResult) {
    setBreaking(false);
    setResult(done);
  }

  const q = quote.data;
  const opensOn = q?.endTime ? formatDate(q.endTime) : '';
  const earningsError = earnings.isError
    ? errorMessage(earnings.error, { http: MSG.earnings.failed, network: MSG.earnings.error })
    : undefined;

  return (
    <Stack gap="md">
      <PageHeader
        title={t`Withdraw`}
        description={t`Withdraw your plan and earnings to your wallet on file once your plan matures.`}
      />

      {quote.isPending ? (
        <Loader mx="auto" my="xl" aria-label={t`Loading your withdrawal details`} />
      ) : quote.isError ? (
        <ErrorBox message={loadErrorText(quote.error)} onRetry={() => void quote.refetch()} />
      ) : (
        q && (
          <>
            <Card withBorder radius="lg" padding="lg">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb="md">
                <Stat
                  label={t`Days remaining`}
                  value={q.daysRemaining === null ? '—' : String(Math.max(0, q.daysRemaining))}
                />
                <Stat label={t`Maturity date`} value={q.endTime ? formatDate(q.endTime) : t`No active plan`} />
                <Stat label={t`Expected withdrawal`} value={formatUsd(q.expectedWithdrawal)} />
                <Stat
                  label={t`Earnings`}
                  value={earnings.data ? formatUsd(earnings.data) : earnings.isPending ? '…' : '—'}
                  note={earningsError}
                />
              </SimpleGrid>
              {q.canOpen ? (
                <Stack gap={4} mb="md">
                  <Text fz="sm">
                    <Trans>
                      Your plan has matured: open the withdrawal form to see what you would receive and request it, or
                      move it to your balance to start a new plan.
                    </Trans>
                  </Text>
                  {q.reasons.length > 0 && (
                    <List fz="sm" spacing={2} aria-label={t`Before you can withdraw to your wallet`}>
                      {q.reasons.map((reason) => (
                        <List.Item key={reason}>{localizeText(reason)}</List.Item>
                      ))}
                    </List>
                  )}
                </Stack>
              ) : (
                <Stack gap={4} mb="md">
                  <Text fz="sm" fw={600}>
                    <Trans>Before you can withdraw:</Trans>
                  </Text>
                  <List fz="sm" spacing={2}>
                    {q.reasons.map((reason) => (
                      <List.Item key={reason}>{localizeText(reason)}</List.Item>
                    ))}
                  </List>
                  {q.endTime ? (
                    <Text fz="sm" c="dimmed">
                      <Trans>The withdrawal form opens on {opensOn}.</Trans>
                    </Text>
                  ) : (
                    <Anchor component={Link} to="/dashboard/plan" fz="sm">
                      <Trans>See the investment plans</Trans>
                    </Anchor>
                  )}
                </Stack>
              )}
              <WithdrawalControlsNote quote={q} />
              {/* A phone stacks the actions full width: three side by side wrapped unevenly at 375 px. */}
              <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
                <Button
                  disabled={!q.canOpen}
                  onClick={() => setFormOpen((open) => !open)}
                  aria-expanded={formOpen && q.canOpen}
                  aria-controls="withdraw-form"
                >
                  {formOpen && q.canOpen ? <Trans>Close withdrawal form</Trans> : <Trans>Open withdrawal form</Trans>}
                </Button>
                {q.canBreak && (
                  <Button variant="outline" color="red" onClick={() => setBreaking(true)}>
                    <Trans>Break investment</Trans>
                  </Button>
                )}
                {q.canMoveToBalance && (
                  <Button variant="light" onClick={() => setMoving(true)}>
                    <Trans>Move to balance</Trans>
                  </Button>
                )}
              </Flex>
            </Card>

            <div id="withdraw-form">{formOpen && q.canOpen && <WithdrawForm quote={q} onDone={onDone} />}</div>

            <BreakInvestmentModal opened={breaking} quote={q} onClose={() => setBreaking(false)} onDone={onDone} />
            <MoveToBalanceModal
              opened={moving}
              quote={q}
              onClose={() => setMoving(false)}
              onDone={() => {
                setMoving(false);
                setFormOpen(false);
                void refresh();
              }}
            />
          </>
        )
      )}

      <WithdrawalList />

      <WithdrawSuccessModal
        result={result}
        onOk={() => {
          setResult(null);
          setFormOpen(false);
          void refresh();
        }}
      />
    </Stack>
  );
}
