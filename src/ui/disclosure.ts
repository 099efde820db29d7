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
import { useSyncExternalStore, type MouseEvent, type SyntheticEvent } from "react";

const noSubscription = () => () => undefined;

/**
 * False while hydrating the server's HTML (and on the server), true once the code runs: the
 * first client render equals the server's, then a taken-over control renders its state
 * (aria-expanded, which before then the browser's own summary state speaks for).
 */
export const useTakenOver = (): boolean => useSyncExternalStore(noSubscription, () => true, () => false);

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
