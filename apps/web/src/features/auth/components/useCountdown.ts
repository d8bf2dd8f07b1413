import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` once started, then calls `onDone` once.
 * Returns the seconds left (null while idle) and the start function.
 */
export function useCountdown(seconds: number, onDone: () => void) {
  const [left, setLeft] = useState<number | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      done.current();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return { left, start: () => setLeft(seconds) };
}
