import { useEffect, useState } from 'react';

/** How long after the page has loaded the bell starts, when nobody touched the page before. */
export const BELL_START_MS = 3_000;
let started = false;

/**
 * False until the first interaction with the page, or a moment after it has loaded: the bell's count and the live
 * stream are not part of the first screen, which asks for /me and /config only (a DESIGN §7 budget).
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(started);
  useEffect(() => {
    if (ready) return;
    let timer: number | undefined;
    const go = () => {
      started = true;
      setReady(true);
    };
    const later = () => {
      timer = window.setTimeout(go, BELL_START_MS);
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, go, { once: true, capture: true });
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', later);
      for (const event of events) window.removeEventListener(event, go, { capture: true });
    };
  }, [ready]);
  return ready;
}
