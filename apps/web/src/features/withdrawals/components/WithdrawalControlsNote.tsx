import { Alert, Text } from '@mantine/core';
import { formatUsd } from '@svp/shared';
import type { WithdrawalQuote } from '../api/withdrawals';

/**
 * The withdrawal controls on the Withdraw page (ADR 0044): a hold after an account change with its end, why a break
 * is refused when only a control stops it, the user's caps with what is used, and the spec's processing promise.
 */
export function WithdrawalControlsNote({ quote: q }: { quote: WithdrawalQuote }) {
  const c = q.controls;
  const cap = (limit: string | null, used: string, window: string) =>
    limit === null ? null : `${formatUsd(used)} of ${formatUsd(limit)} in ${window}`;
  const caps = [cap(c.dailyCap, c.dailyUsed, '24 hours'), cap(c.monthlyCap, c.monthlyUsed, '30 days')].filter(Boolean);
  return (
    <>
      {c.hold && (
        <Alert color="orange" variant="light" title="Withdrawals on hold" mb="md" data-testid="withdrawal-hold">
          {c.hold.message}
        </Alert>
      )}
      {!c.hold && q.breakRefusal && (
        <Text fz="sm" c="orange.8" mb="xs" data-testid="break-refusal">
          {q.breakRefusal}
        </Text>
      )}
      {caps.length > 0 && (
        <Text fz="xs" c="dimmed" data-testid="withdrawal-caps">
          Your withdrawal limits: {caps.join('; ')} requested.
        </Text>
      )}
      <Text fz="xs" c="dimmed" mb="md">
        {c.promise}
      </Text>
    </>
  );
}
