import { useState } from 'react';

/** A form's text fields as one object; `set(field)` is that field's onChange, `reset()` empties them all. */
export function useTextFields<Fields extends Record<string, string>>(empty: Fields) {
  const [form, setForm] = useState(empty);
  const set = (field: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value; // read now: the updater runs after the event is gone
    setForm((f) => ({ ...f, [field]: value }));
  };
  return { form, set, reset: () => setForm(empty) };
}
