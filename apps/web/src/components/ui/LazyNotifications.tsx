import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

// The toast container and the libraries it brings (transitions, scroll locking) are not needed to draw a page
// (DESIGN §7 budget). It mounts, empty, at the first interaction with the page or a moment after the page has
// loaded, whichever comes first: every toast follows an action, so the container is there to slide it in.
// A toast that came sooner would still show (the notifications store keeps it), only without that slide.
// A failed download (offline, or a deploy removed the old file) must not take the page down: toasts then go
// unseen, while the screens and their figures still update.
const Unavailable = (_props: NotificationsProps) => null;
const Notifications = lazy(() =>
  import('@mantine/notifications').then(
    (module): { default: (props: NotificationsProps) => ReactNode } => ({ default: module.Notifications }),
    () => ({ default: Unavailable }),
  ),
);

const AFTER_LOAD_MS = 2000;

function onFirstUseOrLater(run: () => void): () => void {
  let timer: number | undefined;
  const later = () => {
    timer = window.setTimeout(run, AFTER_LOAD_MS);
  };
  const events = ['pointerdown', 'keydown'] as const;
  for (const event of events) window.addEventListener(event, run, { once: true, capture: true });
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    for (const event of events) window.removeEventListener(event, run, { capture: true });
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
  };
}

/** Mantine's <Notifications />, mounted when first useful (see above). */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstUseOrLater(() => setWanted(true)), []);
  if (!wanted && notifications.length === 0 && queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
