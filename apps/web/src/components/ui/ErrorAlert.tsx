import { Alert, type AlertProps } from '@mantine/core';

/**
 * The red alert a form or a list shows when something failed, read out at once (role="alert"); nothing when
 * there is no message, so a form writes `<ErrorAlert message={error} />` where it would test for one.
 */
export function ErrorAlert({ message, ...props }: { message: string | null | undefined } & AlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" {...props}>
      {message}
    </Alert>
  );
}
