import { useState, type ChangeEvent } from 'react';

/**
 * An amount the user types, and its form's error: typing again clears the error, which spoke of the old text.
 * Spread `input` on the TextInput (the value, a decimal keyboard on phones, no autocomplete).
 */
export function useAmountField(initial = '') {
  const [amount, setAmount] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = {
    value: amount,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setAmount(event.currentTarget.value);
      setError(null);
    },
  };
  return { amount, error, setError, input };
}
