import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsd } from '@svp/shared';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { loadErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/text';
import { useDashboardUser } from '../../../shared/session/user-context';
import { useCurrentInvestment, usePlans, type Investment, type Plan } from '../api/plans';
import { InvestSuccessModal, type InvestResult } from './InvestSuccessModal';
import { PickPlanModal } from './PickPlanModal';
import { PlanCard } from './PlanCard';
import { PlanDetailsModal } from './PlanDetailsModal';
import { PageHeader } from '../../../components/ui/PageHeader';
import { localizeText } from '../../../shared/language/i18n';

/** SPEC §9: the investment toast hides after 8 seconds. */
export const TOAST_MS = 8_000;

/** SPEC §2 Investment Plans: four cards, each with More and Pick Plan. */
export default function PlansPage() {
  const { t } = useLingui();
  const user = useDashboardUser();
  const plans = usePlans();
  const current = useCurrentInvestment();
  const [details, setDetails] = useState<Plan | null>(null);
  const [picking, setPicking] = useState<Plan | null>(null);
  const [result, setResult] = useState<InvestResult | null>(null);

  const durations = plans.data?.durations ?? [];
  const firstEnabled = durations.find((d) => d.enabled)?.days ?? 45;
  const active = current.data;

  function onInvested(done: InvestResult) {
    setPicking(null);
    setResult(done);
    notifications.show({
      title: t`Investment started`,
      message: localizeText(done.message),
      color: 'green',
      autoClose: TOAST_MS,
    });
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={t`Investment Plans`}
        description={t`Pick a plan, choose how much to invest and see what you would receive before you confirm.`}
      />

      {active && <ActivePlan active={active} />}

      {plans.isPending ? (
        <Loader mx="auto" my="xl" aria-label={t`Loading plans`} />
      ) : plans.isError ? (
        <ErrorBox message={loadErrorText(plans.error)} onRetry={() => void plans.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              days={firstEnabled}
              onMore={() => setDetails(plan)}
              onPick={() => setPicking(plan)}
            />
          ))}
        </SimpleGrid>
      )}

      <PlanDetailsModal
        plan={details}
        durations={durations}
        onClose={() => setDetails(null)}
        onPick={(plan) => {
          setDetails(null);
          setPicking(plan);
        }}
      />
      <PickPlanModal
        plan={picking}
        durations={durations}
        balance={user.balance}
        onClose={() => setPicking(null)}
        onSuccess={onInvested}
      />
      <InvestSuccessModal result={result} onClose={() => setResult(null)} />
    </Stack>
  );
}

/** The plan running now: a second one waits until it matures. */
function ActivePlan({ active }: { active: Investment }) {
  const { t } = useLingui();
  const plan = active.plan;
  const amount = formatUsd(active.amount);
  const days = active.days;
  const expected = formatUsd(active.expectedWithdrawal);
  const endsOn = formatDate(active.endsAt);
  return (
    <Alert color="teal" variant="light" radius="lg" title={t`Your ${plan} plan is active`}>
      <Trans>
        {amount} invested for {days} days: {expected} expected on {endsOn}. You can start another plan once this one
        matures.
      </Trans>
    </Alert>
  );
}
