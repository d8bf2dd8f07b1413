import { Text } from '@mantine/core';
import { balanceText, signedAmountText, type LedgerChange } from '@svp/shared';
import classes from './Ledger.module.css';
import { localizeText } from '../../../shared/language/i18n';

/** A line's signed amounts (credits green, debits in the text colour), each with its account's balance after. */
export function LedgerAmounts({ changes }: { changes: LedgerChange[] }) {
  return (
    <div className={classes.amounts} data-testid="ledger-amounts">
      {changes.map((c) => (
        <div key={c.account}>
          <Text
            component="span"
            fw={700}
            fz="sm"
            display="block"
            className={c.amount.startsWith('-') ? classes.debit : classes.credit}
            data-testid="ledger-amount"
          >
            {signedAmountText(c.amount, c.asset)}
          </Text>
          <Text component="span" fz="xs" c="dimmed" display="block">
            {localizeText(c.label)}: {balanceText(c.balanceAfter, c.asset)}
          </Text>
        </div>
      ))}
    </div>
  );
}
