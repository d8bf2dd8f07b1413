import { Trans } from '@lingui/react/macro';
import { Alert, Button } from '@mantine/core';

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" radius="lg" mt="md" title={message}>
      {onRetry && (
        <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </Alert>
  );
}
