import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { formatUsd, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import type { WithdrawalQuote } from '../api/withdrawals';
import { localizeText } from '../../../shared/language/i18n';
import { sharedTextsOf } from '../../../shared/language/useMsg';

/**
 * The withdrawal controls on the Withdraw page (ADR 0044): a hold after an account change with its end, why a break
 * is refused when only a control stops it, the user's caps with what is used, and the spec's processing promise.
 */
export function WithdrawalControlsNote({ quote: q }: { quote: WithdrawalQuote }) {
  const { t } = useLingui();
  const c = q.controls;
  const cap = (limit: string | null, usedAmount: string, window: string) => {
    if (limit === null) return null;
    const used = formatUsd(usedAmount);
    const capAmount = formatUsd(limit);
    return t`${used} of ${capAmount} in ${window}`;
  };
  const caps = [cap(c.dailyCap, c.dailyUsed, t`24 hours`), cap(c.monthlyCap, c.monthlyUsed, t`30 days`)].filter(
    Boolean,
  );
  const capsText = caps.join('; ');
  return (
    <>
      {c.hold && (
        <Alert color="orange" variant="light" title={t`Withdrawals on hold`} mb="md" data-testid="withdrawal-hold">
          {sharedTextsOf('WITHDRAWAL_CONTROLS_MSG', WITHDRAWAL_CONTROLS_MSG).hold(c.hold.until, c.hold.change)}
        </Alert>
      )}
      {!c.hold && q.breakRefusal && (
        <Text fz="sm" c="orange.8" mb="xs" data-testid="break-refusal">
          {localizeText(q.breakRefusal)}
        </Text>
      )}
      {caps.length > 0 && (
        <Text fz="xs" c="dimmed" data-testid="withdrawal-caps">
          <Trans>Your withdrawal limits: {capsText} requested.</Trans>
        </Text>
      )}
      <Text fz="xs" c="dimmed" mb="md">
        {localizeText(c.promise)}
      </Text>
    </>
  );
}
