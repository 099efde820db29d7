import { startTransition, Suspense, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { screen, waitFor } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { expect, it } from "vitest";
import { withReactScheduling } from "../../tests/reactScheduling.ts";
import { cannedFetch, testRuntime } from "../../tests/harness.tsx";
import { PageSchema } from "../content/contract.ts";
import type { MountProps } from "./block.tsx";
import { BlockMount, LoadedOnce } from "./PageRenderer.tsx";
import { RuntimeProvider, type Runtime } from "./context.tsx";
import type { NearViewport } from "./hydrateNear.ts";
import { lazyOnce, type LazyOnce } from "./lazyBlocks.ts";
import { settled } from "./settled.ts";
import type { RenderSlot } from "./slots.ts";

function Counter(_: MountProps) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Tapped {count}
    </button>
  );
}

const page = PageSchema.parse({ id: 1 });
const slot: RenderSlot = { id: "below", block: "faq", items: [], options: {}, fallbackOptions: null, title: null, background: null, source: "layout" };

// React's own scheduling, as in the browser: a section's wait (or code) that ends while React waits on
// it is resumed where it suspended (act() would render it anew instead, or LoadedOnce again).
const afterTest = withReactScheduling();

it("hydrates a section below the fold when it comes near while React waits on it, keeping the server's HTML and its state", async () => {
  const runtime: Runtime = testRuntime({ fetch: cannedFetch({}), loaders: { faq: () => Promise.resolve({ name: "faq", Component: Counter }) } });
  await runtime.blocks.faq.preload();
  const app = (
    <RuntimeProvider runtime={runtime}>
      <BlockMount slot={slot} page={page} />
    </RuntimeProvider>
  );
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(app);
  const serverButton = container.querySelector("button");

  let comeNear: () => void = () => undefined;
  const near = settled(new Promise<void>((resolve) => (comeNear = resolve)));
  let reached: () => void = () => undefined;
  const reachedSection = new Promise<void>((resolve) => (reached = resolve));
  let hydratedSlot: string | undefined;
  const nearViewport: NearViewport = {
    serves: (shown) => shown === page,
    wait: () => {
      reached();
      return near;
    },
    hydrated: (_, slotId) => {
      hydratedSlot = slotId;
    },
    waitChrome: () => undefined,
    chromeHydrated: () => undefined,
    releaseAll: () => undefined,
  };
  runtime.nearViewport = nearViewport;
  const recoverable: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
  });
  afterTest(() => {
    root?.unmount();
    container.remove();
  });
  // React reaches the section and waits on it (this runs once React has yielded); it comes near while React still waits.
  await reachedSection;
  expect(hydratedSlot).toBeUndefined();
  comeNear();
  await waitFor(() => expect(hydratedSlot).toBe("below"));

  expect(recoverable).toEqual([]);
  // Hydrated, not rendered anew: the server's button is the one that answers.
  expect(container.querySelector("button")).toBe(serverButton);
  serverButton?.click();
  await waitFor(() => expect(serverButton?.textContent).toBe("Tapped 1"));
});

it("keeps the server's HTML of a block that does nothing in the browser, never asking for its code, and routes its links", async () => {
  const kept: RenderSlot = { ...slot, id: "panels-1", block: "panels" };
  const Panels = ({ slot: { id } }: MountProps) => (
    <section className="section" data-slot={id}>
      <p>Written by the server</p>
      <Link to="/next">Next page</Link>
    </section>
  );
  const site = (runtime: Runtime) => (
    <MemoryRouter initialEntries={["/"]}>
      <RuntimeProvider runtime={runtime}>
        <Routes>
          <Route path="/" element={<BlockMount slot={kept} page={page} />} />
          <Route path="/next" element={<p>The next page</p>} />
        </Routes>
      </RuntimeProvider>
    </MemoryRouter>
  );
  const server = testRuntime({ fetch: cannedFetch({}), loaders: { panels: () => Promise.resolve({ name: "panels", Component: Panels }) } });
  await server.blocks.panels.preload();
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(site(server));
  const serverSection = container.querySelector("section");

  let asked = 0;
  const browser = testRuntime({ fetch: cannedFetch({}), loaders: { panels: () => ((asked += 1), Promise.resolve({ name: "panels", Component: Panels })) } });
  let hydratedSlot: string | undefined;
  browser.nearViewport = { serves: (shown) => shown === page, wait: () => undefined, hydrated: (_, slotId) => (hydratedSlot = slotId), waitChrome: () => undefined, chromeHydrated: () => undefined, releaseAll: () => undefined };
  const recoverable: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  startTransition(() => {
    root = hydrateRoot(container, site(browser), { onRecoverableError: (error) => recoverable.push(error) });
  });
  afterTest(() => {
    root?.unmount();
    container.remove();
  });
  await waitFor(() => expect(hydratedSlot).toBe("panels-1"));

  expect(recoverable).toEqual([]);
  expect(asked).toBe(0);
  // The server's section, attributes and all, is the one on the page.
  expect(container.querySelector("section")).toBe(serverSection);
  expect(serverSection?.className).toBe("section");
  expect(serverSection?.textContent).toContain("Written by the server");
  // Its link moves to the next page through the router, without loading the block's code.
  container.querySelector("a")?.click();
  await waitFor(() => expect(container.textContent).toBe("The next page"));
  expect(asked).toBe(0);
});

function LabelledCounter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

type Entry = LazyOnce<{ label: string }>;

/** The block comes with a transition, as the router's navigations and hydration bring blocks. */
function Shown({ entry, label }: { entry: Entry; label: string }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => startTransition(() => setShown(true))}>
        Show
      </button>
      <Suspense fallback={<p>Loading</p>}>{shown && <LoadedOnce entry={entry} props={{ label }} />}</Suspense>
    </>
  );
}

function mounted() {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  afterTest(() => {
    root.unmount();
    container.remove();
  });
  return root;
}

it("keeps the component it chose at mount, so a later render after the code arrived does not mount it anew", async () => {
  // Code that is on its way when the block mounts, and comes a moment later (a chunk already fetched).
  const entry: Entry = lazyOnce(() => Promise.resolve(LabelledCounter));
  const root = mounted();
  root.render(<Shown entry={entry} label="Clicked" />);
  (await screen.findByRole("button", { name: "Show" })).click();
  (await screen.findByRole("button", { name: "Clicked 0" })).click();
  await screen.findByRole("button", { name: "Clicked 1" });
  expect(entry.loaded()).toBe(true);
  // The page renders again (a post starting, a fetcher's state): the block keeps its state.
  root.render(<Shown entry={entry} label="Pressed" />);
  await waitFor(() => expect(screen.getByRole("button", { name: /^Pressed/ })).toBeInTheDocument());
  expect(screen.getByRole("button", { name: /^Pressed/ })).toHaveTextContent("Pressed 1");
});

it("renders a component whose code is already there at once, without a fallback", async () => {
  const entry: Entry = lazyOnce(() => Promise.resolve(LabelledCounter));
  await entry.load();
  const root = mounted();
  root.render(<Shown entry={entry} label="Ready" />);
  (await screen.findByRole("button", { name: "Show" })).click();
  expect(await screen.findByRole("button", { name: "Ready 0" })).toBeInTheDocument();
});
