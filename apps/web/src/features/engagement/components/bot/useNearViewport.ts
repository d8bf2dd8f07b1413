import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on), checked from the first
 * frame after the page has painted. Heavy content below the fold, such as the chart library, then loads
 * only when the reader scrolls towards it, and never ahead of the content on the screen.
 * Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    // Not before the page around it has been painted: what is near the screen waits for what is on it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => observer.observe(element));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [near, margin]);

  return [ref, near] as const;
}
