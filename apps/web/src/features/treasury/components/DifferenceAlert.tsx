import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { formatUsdFigure } from '@svp/shared';
import { localizeText } from '../../../shared/language/i18n';

/**
 * On-chain total minus owed total, with the server's sentence for it: green when the chain covers what the
 * ledger owes, red on a shortfall.
 */
export function DifferenceAlert({ difference, summary }: { difference: string; summary: string }) {
  const { t } = useLingui();
  const shortfall = difference.startsWith('-');
  const figure = formatUsdFigure(difference, { signed: true });
  return (
    <Alert
      color={shortfall ? 'red' : 'green'}
      variant="light"
      role={shortfall ? 'alert' : 'status'}
      title={shortfall ? t`Shortfall: ${figure}` : t`Covered: ${figure}`}
      data-testid="treasury-difference"
    >
      {localizeText(summary)}
    </Alert>
  );
}
