import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';

/** On the login page after a session ended on a page: says so, and that sign-in goes back there. */
export function SessionEndedNotice({ ended }: { ended: boolean }) {
  if (!ended) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="session-ended">
      <Trans>Your session has ended. Sign in again to go back to the page you were on.</Trans>
    </Alert>
  );
}
