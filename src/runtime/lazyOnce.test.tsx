import { screen, waitFor } from "@testing-library/react";
import { startTransition, Suspense, useState } from "react";
import { createRoot } from "react-dom/client";
import { expect, it } from "vitest";
import { withReactScheduling } from "../../tests/reactScheduling.ts";
import { lazyOnce, LoadedOnce, type LazyOnce } from "./lazyOnce.tsx";

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

type Entry = LazyOnce<{ label: string }>;

/** The block comes with a transition, as the router's navigations and hydration bring blocks. */
function Page({ entry, label }: { entry: Entry; label: string }) {
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

// React's own scheduling, as in the browser: code that arrives while React waits is resumed where it
// suspended, without rendering LoadedOnce again (act() would hide that).
const afterTest = withReactScheduling();

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
  const entry: Entry = lazyOnce(() => Promise.resolve(Counter));
  const root = mounted();
  root.render(<Page entry={entry} label="Clicked" />);
  (await screen.findByRole("button", { name: "Show" })).click();
  (await screen.findByRole("button", { name: "Clicked 0" })).click();
  await screen.findByRole("button", { name: "Clicked 1" });
  expect(entry.loaded()).toBe(true);
  // The page renders again (a post starting, a fetcher's state): the block keeps its state.
  root.render(<Page entry={entry} label="Pressed" />);
  await waitFor(() => expect(screen.getByRole("button", { name: /^Pressed/ })).toBeInTheDocument());
  expect(screen.getByRole("button", { name: /^Pressed/ })).toHaveTextContent("Pressed 1");
});

it("renders a component whose code is already there at once, without a fallback", async () => {
  const entry: Entry = lazyOnce(() => Promise.resolve(Counter));
  await entry.load();
  const root = mounted();
  root.render(<Page entry={entry} label="Ready" />);
  (await screen.findByRole("button", { name: "Show" })).click();
  expect(await screen.findByRole("button", { name: "Ready 0" })).toBeInTheDocument();
});
