import { notifications } from '@mantine/notifications';

/**
 * The success of a coin or bot action: the server's sentence as a green notice, then `next` (a modal closes).
 * For a mutation's onSuccess.
 */
export const showDone =
  (next?: () => void) =>
  (done: { message: string }): void => {
    notifications.show({ message: done.message, color: 'green' });
    next?.();
  };
