import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatUsdMicro, fromDecimalString, parseAmount } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { usePublicConfig } from '../../../shared/public-config';
import { useInvest, type Plan, type PlansResponse } from '../api/plans';
import type { InvestResult } from './InvestSuccessModal';
import { pickPlanError, previewInvestment } from './preview';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import KeyFacts from '../../../components/ui/KeyFacts';
import { useAmountField } from '../../../lib/useAmountField';
import { SmallFigure } from '../../../components/ui/SmallFigure';
import { useMsg } from '../../../shared/language/useMsg';

interface PickPlanModalProps {
  plan: Plan | null;
  durations: PlansResponse['durations'];
  /** Available balance from /me (decimal string). */
  balance: string;
  onClose: () => void;
  onSuccess: (result: InvestResult) => void;
}

export function PickPlanModal({ plan, durations, balance, onClose, onSuccess }: PickPlanModalProps) {
  const { t } = useLingui();
  const name = plan?.name;
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan ? t`Pick the ${name} plan` : ''} centered>
      {plan && (
        <PickPlanForm
          key={plan.code}
          plan={plan}
          durations={durations}
          balance={balance}
          onClose={onClose}
          onSuccess={onSuccess}
        />
      )}
    </Modal>
  );
}

type FormProps = Omit<PickPlanModalProps, 'plan'> & { plan: Plan };

/** SPEC §2 pick-plan modal: duration (45 days; 120 shown, disabled), amount, a live preview, confirm. */
export function PickPlanForm({ plan, durations, balance, onClose, onSuccess }: FormProps) {
  const { t } = useLingui();
  const MSG = useMsg();
  const [duration, setDuration] = useState('');
  const { amount, error, setError, input } = useAmountField(plan.minAmount);
  const invest = useInvest();
  // What a withdrawal at maturity needs, with the operator's figures, said before Confirm.
  const withdrawalRule = usePublicConfig().data?.withdrawalRuleText;

  const days = duration ? Number(duration) : null;
  const parsed = parseAmount(amount, 'USD', 2);
  const preview = days && parsed !== null && parsed > 0n ? previewInvestment(plan, days, parsed) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = pickPlanError(plan, { duration: days, amount, balance: fromDecimalString(balance, 'USD') });
    setError(found);
    if (found) return;
    invest.mutate(
      { plan: plan.code, duration: days, amount: amount.trim() },
      { onSuccess: (result) => onSuccess(result) },
    );
  }

  const serverError = invest.isError
    ? errorMessage(invest.error, { http: MSG.invest.failed, network: MSG.invest.failed })
    : null;
  const shown = error ?? serverError;
  const minimum = formatUsdMicro(fromDecimalString(plan.minAmount, 'USD'));
  const available = formatUsdMicro(fromDecimalString(balance, 'USD'));

  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit}>
      <NativeSelect
        label={t`Duration`}
        value={duration}
        onChange={(e) => {
          setDuration(e.currentTarget.value);
          setError(null);
        }}
        data={[
          { value: '', label: t`Select a duration` },
          ...durations.map((d) => ({
            value: String(d.days),
            label: d.enabled
              ? t`${plural(d.days, { one: '# day', other: '# days' })}`
              : t`${plural(d.days, { one: '# day (coming soon)', other: '# days (coming soon)' })}`,
            disabled: !d.enabled,
          })),
        ]}
      />
      <TextInput
        label={t`Amount (USD)`}
        description={t`Minimum ${minimum} · available ${available}`}
        leftSection="$"
        {...input}
      />
      <Paper withBorder radius="md" p="sm" aria-live="polite">
        <SimpleGrid cols={2} spacing="xs">
          <SmallFigure
            label={t`Expected withdrawal`}
            value={preview ? formatUsdMicro(preview.expectedWithdrawal) : '—'}
            testId="preview-withdrawal"
          />
          <SmallFigure
            label={t`Expected profit`}
            value={preview ? formatUsdMicro(preview.expectedProfit) : '—'}
            testId="preview-profit"
          />
        </SimpleGrid>
        {!days && (
          <Text fz="xs" c="dimmed" mt={4}>
            <Trans>Choose a duration to see what you would receive.</Trans>
          </Text>
        )}
      </Paper>
      {withdrawalRule && (
        <Text fz="sm" data-testid="withdrawal-rule">
          {withdrawalRule}
        </Text>
      )}
      <KeyFacts headingLevel={3} />
      <ErrorAlert message={shown} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={invest.isPending}>
          <Trans>Confirm</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
