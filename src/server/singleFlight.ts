/**
 * What the server's caches share: keep a value as the most recently used, dropping the least
 * recently used past a bound, and run one job per key however many callers ask at once.
 */
export function rememberLatest<K, V>(entries: Map<K, V>, key: K, value: V, maxEntries: number): void {
  entries.delete(key);
  entries.set(key, value);
  if (entries.size > maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
}

export function singleFlight<V>(): (key: string, job: () => Promise<V>) => Promise<V> {
  const inFlight = new Map<string, Promise<V>>();
  return (key, job) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = job().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
