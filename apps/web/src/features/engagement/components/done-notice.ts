import { notifications } from '@mantine/notifications';
import { localizeText } from '../../../shared/language/i18n';

/**
 * The success of a coin or bot action: the server's sentence (in the reader's language) as a green notice, then
 * `next` (a modal closes).
 * For a mutation's onSuccess.
 */
export const showDone =
  (next?: () => void) =>
  (done: { message: string }): void => {
    notifications.show({ message: localizeText(done.message), color: 'green' });
    next?.();
  };
