/**
 * A component whose code loads once, on first need, and renders at once when it has arrived
 * (the server, hydration, every later use); while it is on its way it suspends like React.lazy.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
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

/** A component without props of its own: rendered at once when its code is there, else lazily. */
export function LoadedOnce({ entry }: { entry: LazyOnce<object> }) {
  const code = entry.load();
  return code.status === "fulfilled" ? <code.value /> : <entry.Lazy />;
}
