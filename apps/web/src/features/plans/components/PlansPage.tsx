import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsd } from '@svp/shared';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { loadErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/text';
import { useDashboardUser } from '../../../shared/session/user-context';
import { useCurrentInvestment, usePlans, type Plan } from '../api/plans';
import { InvestSuccessModal, type InvestResult } from './InvestSuccessModal';
import { PickPlanModal } from './PickPlanModal';
import { PlanCard } from './PlanCard';
import { PlanDetailsModal } from './PlanDetailsModal';
import { PageHeader } from '../../../components/ui/PageHeader';

/** SPEC §9: the investment toast hides after 8 seconds. */
export const TOAST_MS = 8_000;

/** SPEC §2 Investment Plans: four cards, each with More and Pick Plan. */
export default function PlansPage() {
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
    notifications.show({ title: 'Investment started', message: done.message, color: 'green', autoClose: TOAST_MS });
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Investment Plans"
        description="Pick a plan, choose how much to invest and see what you would receive before you confirm."
      />

      {active && (
        <Alert color="teal" variant="light" radius="lg" title={`Your ${active.plan} plan is active`}>
          {formatUsd(active.amount)} invested for {active.days} days: {formatUsd(active.expectedWithdrawal)} expected on{' '}
          {formatDate(active.endsAt)}. You can start another plan once this one matures.
        </Alert>
      )}

      {plans.isPending ? (
        <Loader mx="auto" my="xl" aria-label="Loading plans" />
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
