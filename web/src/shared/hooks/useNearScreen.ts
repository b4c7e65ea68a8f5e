import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the screen; once true it stays true. Lets a
 * page leave the work of what is far down (loading, rendering, a map) until the visitor
 * scrolls towards it.
 */
export function useNearScreen<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);

  return { ref, near };
}
