import { Alert } from '@mantine/core';
import { formatUsdFigure } from '@svp/shared';

/**
 * On-chain total minus owed total, with the server's sentence for it: green when the chain covers what the
 * ledger owes, red on a shortfall.
 */
export function DifferenceAlert({ difference, summary }: { difference: string; summary: string }) {
  const shortfall = difference.startsWith('-');
  return (
    <Alert
      color={shortfall ? 'red' : 'green'}
      variant="light"
      role={shortfall ? 'alert' : 'status'}
      title={`${shortfall ? 'Shortfall' : 'Covered'}: ${formatUsdFigure(difference, { signed: true })}`}
      data-testid="treasury-difference"
    >
      {summary}
    </Alert>
  );
}
