/**
 * Work the browser holds back so the first content never waits for it: work that starts from the
 * first frame painted (useAfterFirstPaint), and the parts of the site's chrome that hydrate on
 * their own turn (Island).
 */
import { Suspense, use, useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { useRuntime } from "./context.tsx";

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

function Turn({ name, children }: { name: string; children: ReactNode }) {
  const { turns, nearViewport } = useRuntime();
  // Every hook before the waits (LoadedBlock in ./PageRenderer.tsx says why).
  useLayoutEffect(() => {
    nearViewport?.chromeHydrated(name);
    turns?.done(name);
  }, [turns, nearViewport, name]);
  // A part below the fold (the footer) first comes near the viewport, or the visitor reaches into it (./hydrateNear.ts).
  const near = nearViewport?.waitChrome(name);
  if (near) use(near);
  const turn = turns?.wait(name);
  if (turn) use(turn);
  return children;
}

/**
 * A part of the site's chrome that hydrates on its own (./hydrationTurns.ts): a Suspense boundary
 * whose content waits for its turn while the server's page hydrates (and, for a part below the fold,
 * until it comes near: ./hydrateNear.ts), keeping the server's HTML meanwhile, and hydrates and
 * commits apart from the rest of the page. Rendered anywhere else (the
 * server, a page the browser renders itself) it is its content.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  );
}
