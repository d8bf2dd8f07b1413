import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on). Heavy content
 * below the fold, such as the chart library, then loads only when the reader scrolls towards it.
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
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return [ref, near] as const;
}
