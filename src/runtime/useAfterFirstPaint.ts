import { useEffect, useState } from "react";

/**
 * True from the first frame painted after `ready` turned true (and from then on): work that
 * must never delay the first content (below-the-fold blocks, the footer, the consent
 * manager) starts there. `alreadyPainted`: the server's HTML is that first paint (hydration).
 */
export function useAfterFirstPaint(ready = true, alreadyPainted = false): boolean {
  const [painted, setPainted] = useState(alreadyPainted);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
