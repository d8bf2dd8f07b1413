import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the wallet view counts down 900 s and closes itself 1.5 s after reaching zero. */
export const PAYMENT_WINDOW_MS = 900_000;
export const CLOSE_AFTER_MS = 1_500;

/**
 * Seconds left until the server's `expiresAt`, measured from when the view opened and never more than the
 * 15-minute window (so a skewed device clock cannot show a longer one). The countdown is the screen's only:
 * money that arrives later is still credited (DESIGN D8). `stopped` (payment received) freezes it.
 */
export function usePaymentWindow(expiresAt: string, stopped: boolean, onClose: () => void): number {
  const [deadline] = useState(() => {
    const now = Date.now();
    const until = Date.parse(expiresAt) - now;
    return now + Math.min(PAYMENT_WINDOW_MS, Math.max(0, Number.isNaN(until) ? PAYMENT_WINDOW_MS : until));
  });
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(secondsLeft);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (stopped) return;
    if (left <= 0) {
      const timer = setTimeout(() => close.current(), CLOSE_AFTER_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))), 1000);
    return () => clearTimeout(timer);
  }, [left, stopped, deadline]);

  return left;
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
