/**
 * A part of the site's chrome that hydrates on its own (./hydrationTurns.ts): a Suspense boundary
 * whose content waits for its turn while the server's page hydrates (and, for a part below the fold,
 * until it comes near: ./hydrateNear.ts), keeping the server's HTML meanwhile, and hydrates and
 * commits apart from the rest of the page. Rendered anywhere else (the
 * server, a page the browser renders itself) it is its content.
 */
import { Suspense, use, useLayoutEffect, type ReactNode } from "react";
import { useRuntime } from "./context.tsx";

function Turn({ name, children }: { name: string; children: ReactNode }) {
  const { turns, nearViewport } = useRuntime();
  // Every hook before the waits (./BlockMount.tsx says why).
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

export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  );
}
