import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element is on the screen now (any part of it), following scrolls both ways. Without
 * IntersectionObserver (old browsers, jsdom) it is always true.
 */
export function useOnScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [onScreen, setOnScreen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (typeof IntersectionObserver === 'undefined' || !element) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return [ref, onScreen] as const;
}
