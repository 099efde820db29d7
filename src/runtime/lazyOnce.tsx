/**
 * A component whose code loads once, on first need, and renders at once when it has arrived
 * (the server, hydration, every later use); while it is on its way it suspends like React.lazy.
 */
import { lazy, useState, type ComponentType, type LazyExoticComponent } from "react";
import { settled, type SettledPromise } from "./settled.ts";

export interface LazyOnce<P> {
  /** The code, requested on the first call; the same promise on every call. */
  load: () => SettledPromise<ComponentType<P>>;
  /** The component while its code is still on its way (it suspends until then). */
  Lazy: LazyExoticComponent<ComponentType<P>>;
  /** Whether the code has arrived, without asking for it. */
  loaded: () => boolean;
}

export function lazyOnce<P>(load: () => Promise<ComponentType<P>>): LazyOnce<P> {
  let pending: SettledPromise<ComponentType<P>> | undefined;
  const once = () => (pending ??= settled(load()));
  return { load: once, Lazy: lazy(() => once().then((Component) => ({ default: Component }))), loaded: () => pending?.status === "fulfilled" };
}

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
