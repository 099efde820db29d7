/**
 * A <details> the code takes over (issue 20): it opens and closes from the HTML alone, before
 * the code arrives; once the code runs, the component's state decides and the element follows.
 * Used by the header's menu button and dropdowns and by the FAQ accordion.
 *
 * Over the server's HTML, the component reads what the visitor opened in a layout effect, in the
 * commit that hydrates it, and a summary's click sets the element as well as the state: a tap
 * right after that commit would otherwise ask the state for what React had last rendered, which
 * then leaves the element open (tests/disclosureHydration.test.tsx).
 */
import { startTransition, useEffect, useState, useSyncExternalStore, type MouseEvent, type SyntheticEvent } from "react";
import { hydratesServerPage } from "./hydratingServerPage.ts";

/**
 * False while hydrating the server's HTML (and on the server), true once the code runs: the
 * first client render equals the server's, then a taken-over control renders its state
 * (aria-expanded, which before then the browser's own summary state speaks for). Over the
 * server's HTML the change is a transition after the hydrating commit, rendered in slices: as a
 * store whose client value differs from the server's (useSyncExternalStore), it was a synchronous
 * render of every such control at once, the header's part of a 150–250 ms task on a phone (issue 48).
 */
const noSubscription = () => () => undefined;

export function useTakenOver(): boolean {
  // On the server: not taken over. Rendered by the code itself (not over the server's HTML): taken
  // over from the start. Hydrating: as on the server (the same value, so React renders nothing again).
  const fromTheStart = useSyncExternalStore(noSubscription, () => !hydratesServerPage(), () => false);
  const [takenOver, setTakenOver] = useState(fromTheStart);
  useEffect(() => {
    if (!takenOver) startTransition(() => setTakenOver(true));
  }, [takenOver]);
  return takenOver;
}

/**
 * A summary's click goes to the state, not to the element: `show` gets the opposite of what
 * the visitor sees (the element), which the state may not know yet while the code takes the
 * page over.
 */
export const summaryClick = (show: (open: boolean) => void) => (event: MouseEvent<HTMLElement>) => {
  event.preventDefault();
  const details = event.currentTarget.parentElement;
  const open = !(details instanceof HTMLDetailsElement && details.open);
  show(open);
  // The element follows at once. Right after hydrating, React's last render may already say
  // `open` (it had not yet read what the visitor opened), and would leave the element as it is.
  if (details instanceof HTMLDetailsElement) details.open = open;
};

/** The element opened or closed on its own (the browser closed a same-named one, or opened it to show a found word): the state follows. */
export const detailsToggle = (show: (open: boolean) => void) => (event: SyntheticEvent<HTMLDetailsElement>) => show(event.currentTarget.open);
