/**
 * A page's blocks on screen: the slots its loader resolved, in order, each mounted in its own
 * error boundary and Suspense (`BlockMount`), its code loaded once, and on the server's page
 * hydrated in its own turn (./hydrationTurns.ts) or kept as the server sent it (../ui/ServerHtml.tsx).
 */
import { Component, Suspense, use, useEffect, useLayoutEffect, useState, type ErrorInfo, type ReactNode } from "react";
import type { Page } from "../content/contract.ts";
import { FirstScreenPictures } from "../ui/firstScreenPictures.ts";
import { keptServerSection, ServerHtml } from "../ui/ServerHtml.tsx";
import { useRuntime } from "./context.tsx";
import { slotIsland } from "./hydrationTurns.ts";
import { useAfterFirstPaint } from "./Island.tsx";
import { ChunkLoadError, type LazyOnce } from "./lazyBlocks.ts";
import { blockRegistry } from "./registry.ts";
import { PageResourcesContext } from "./siteData.ts";
import type { RenderSlot } from "./slots.ts";

/** Marks the moment a page's content is on screen; `npm run size` measures the script loaded before it. */
export const CONTENT_SHOWN_MARK = "content-shown";

type PageRendererProps = {
  page: Page;
  /** The page's slots as its loader resolved them (src/runtime/pageData.ts). */
  slots: readonly RenderSlot[];
  problems?: readonly string[];
  /** The server rendered this page: every block is in its HTML, so every block renders in the first pass too. */
  allAtOnce?: boolean | undefined;
  /** The pictures of its first screen (firstScreenPictures, ./loadPage.ts). */
  firstPictures?: readonly string[] | undefined;
};

function Slots({ page, slots, problems = [], allAtOnce = false }: PageRendererProps) {
  useEffect(() => {
    for (const problem of problems) console.warn(`page "${page.name ?? page.id}": ${problem}`);
  }, [problems, page]);

  useLayoutEffect(() => {
    performance.mark(CONTENT_SHOWN_MARK);
  }, []);
  // Blocks below the fold load after first paint, so their code never delays the first content.
  const painted = useAfterFirstPaint(true, allAtOnce);

  return (
    <>
      {slots.map((slot) =>
        painted || slot.aboveTheFold === true ? <BlockMount key={slot.id} slot={slot} page={page} /> : null,
      )}
    </>
  );
}

const noPictures: readonly string[] = [];

/** Mounts the blocks of a page's layout, in order, each in its own error boundary. */
export function PageRenderer(props: PageRendererProps) {
  return (
    <PageResourcesContext value={props.page.resources}>
      <FirstScreenPictures value={props.firstPictures ?? noPictures}>
        <Slots {...props} />
      </FirstScreenPictures>
    </PageResourcesContext>
  );
}

interface BoundaryProps {
  slotId: string;
  children: ReactNode;
}

/** One block that throws (or whose code does not arrive) fails in its own place; the page stays. */
class BlockErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`block in slot "${this.props.slotId}" failed:`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError ? error : null;
    return (
      <div className="block-error" data-slot={this.props.slotId} data-error={chunk ? chunk.reason : "render"}>
        <p>
          {chunk?.reason === "timeout"
            ? "This section timed out while loading."
            : chunk
              ? "This section could not be loaded."
              : "This section could not be shown."}
        </p>
        {chunk && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload page
          </button>
        )}
      </div>
    );
  }
}

type MountedProps = { slot: RenderSlot; page: Page };

/**
 * `entry`'s component with `props`, chosen once per mount: the component itself when its code is
 * there, else the lazy one, kept after the code arrives. Switching to the component on a later
 * render would change the element's type, and React would mount it anew, losing its state (an
 * open dialog, a form in the middle of its post). Key it by what `entry` is.
 */
export function LoadedOnce<P extends object>({ entry, props }: { entry: LazyOnce<P>; props: P }) {
  const [Loaded] = useState(() => {
    const code = entry.load();
    return code.status === "fulfilled" ? code.value : entry.Lazy;
  });
  return <Loaded {...props} />;
}

/** The block's component: at once when its code is there (server, hydration, a block seen before), else lazily (the section shows its placeholder); the same one for the life of the mount (LoadedOnce). */
function LoadedBlock(props: MountedProps) {
  const { blocks, shellHydrated, nearViewport, turns } = useRuntime();
  const { page, slot } = props;
  // After the block's own layout effects: it has hydrated, and the clicks held for it can go.
  // Every hook comes before the waits below: when a wait ends while React is still on this block,
  // React resumes the render where it suspended, with the hooks the first attempt had called; a hook
  // first called after a wait would fail that resumed render (React's error 467), and React would
  // throw the server's HTML of the section away and render it anew, dropping a tap on it.
  useLayoutEffect(() => {
    nearViewport?.hydrated(page, slot.id);
    turns?.done(slotIsland(slot.id));
  }, [nearViewport, turns, page, slot.id]);
  // Hydrating the server's page, a block that does nothing in the browser keeps the server's HTML of its
  // section and its code is never asked for (../ui/ServerHtml.tsx). Decided once per mount, and only
  // for the page the server rendered: another page (a navigation, new data for this one) renders the block.
  const [keptTag] = useState(() => (nearViewport?.serves(page) && !blockRegistry[slot.block].interactive ? keptServerSection(slot.id) : null));
  if (keptTag !== null && nearViewport?.serves(page)) return <ServerHtml tag={keptTag} slotId={slot.id} />;
  const block = blocks[slot.block];
  // Hydrating the server's page: a block whose code is not there yet keeps the server's HTML until the shell has hydrated,
  // and a section below the fold until it comes near the viewport (./hydrateNear.ts). `use` returns at once for a
  // promise that has settled; it is called for it all the same, as React expects of a render resumed after it suspended.
  if (shellHydrated && !block.loaded()) use(shellHydrated);
  const near = nearViewport?.wait(page, slot.id);
  if (near) use(near);
  // Then its code, and then its turn (./hydrationTurns.ts): it hydrates and commits on its own, and
  // a block whose code is still on its way never holds the islands after it back.
  const hydrating = nearViewport?.serves(page) === true ? turns : undefined;
  if (hydrating) {
    use(block.load());
    const turn = hydrating.wait(slotIsland(slot.id));
    if (turn) use(turn);
  }
  return <LoadedOnce entry={block} props={props} />;
}

export function BlockMount({ slot, page }: MountedProps) {
  return (
    <BlockErrorBoundary slotId={slot.id}>
      <Suspense fallback={<div className="block-loading" aria-hidden="true" data-slot={slot.id} />}>
        {/* Keyed by block: a slot that shows another block on another page mounts that one anew. */}
        <LoadedBlock key={slot.block} slot={slot} page={page} />
      </Suspense>
    </BlockErrorBoundary>
  );
}
