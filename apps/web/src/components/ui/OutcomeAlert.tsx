import { Alert } from '@mantine/core';

/** What a save or a change did: green and polite when it worked, red and read out at once when it did not. */
export type Outcome = { ok: boolean; text: string };

/** The alert of an `Outcome`; nothing before there is one. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}
