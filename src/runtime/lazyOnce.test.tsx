import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, useState, type ComponentType } from "react";
import { expect, it } from "vitest";
import { lazyOnce, useLoadedOnce, type LazyOnce } from "./lazyOnce.tsx";

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** Chooses the component, and suspends below itself: the code arriving re-renders only what suspended, not this. */
function Host({ entry, label }: { entry: LazyOnce<{ label: string }>; label: string }) {
  const Loaded = useLoadedOnce(entry);
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Loaded label={label} />
    </Suspense>
  );
}

it("keeps the component it chose at mount, so a later render after the code arrived does not mount it anew", async () => {
  let arrive: (() => void) | undefined;
  const entry = lazyOnce(() => new Promise<ComponentType<{ label: string }>>((resolve) => (arrive = () => resolve(Counter))));
  const { rerender } = render(<Host entry={entry} label="Clicked" />);
  expect(screen.getByText("Loading")).toBeInTheDocument();
  await act(async () => arrive?.());
  await userEvent.click(await screen.findByRole("button", { name: "Clicked 0" }));
  expect(entry.loaded()).toBe(true);
  // The host renders again (a post starting, a fetcher's state): the component keeps its state.
  rerender(<Host entry={entry} label="Pressed" />);
  expect(screen.getByRole("button", { name: "Pressed 1" })).toBeInTheDocument();
});

it("renders a component whose code is already there at once, without a fallback", () => {
  const entry = lazyOnce(() => Promise.resolve(Counter));
  void entry.load();
  return Promise.resolve().then(() => {
    render(<Host entry={entry} label="Ready" />);
    expect(screen.getByRole("button", { name: "Ready 0" })).toBeInTheDocument();
  });
});
