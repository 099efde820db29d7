/**
 * Data a block asks for itself (a list's first page), on a page the server renders: the server
 * waits for it and writes it into the HTML, and the browser's first render reads the same
 * answer (embedded with the page) before it hydrates, so both show the same results. Only the
 * first request of the first page goes this way; every later one is the block's own business.
 */
import { use, useContext, useState } from "react";
import { RuntimeContext } from "./context.tsx";
import { settled, type SettledPromise } from "./settled.ts";

export function usePrerenderedData<T>(key: string, load: () => Promise<T>): { value: T } | null {
  const prerendered = useContext(RuntimeContext)?.prerendered;
  const [first] = useState(() => (prerendered && prerendered.consumed !== true ? key : null));
  if (!prerendered || first !== key) return null;
  let entry = prerendered.data.get(key) as SettledPromise<T> | undefined;
  if (!entry) {
    entry = settled(load());
    prerendered.data.set(key, entry);
  }
  return { value: use(entry) };
}
