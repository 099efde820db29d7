/**
 * The best compression of rendered pages, done when the server has nothing else to do: a fresh
 * render is answered at once at the fast level (./pageCache.ts), and its page queued here. One
 * page at a time is compressed again at the best level (brotli 11 costs about 240 ms of CPU for
 * /Home), only when no render has run for `idleMs`, so it never competes with a visitor waiting
 * for a page; under a steady stream of renders the pages simply stay at the fast level.
 *
 * A page another instance stored in Redis is sent as it was stored there: each instance
 * recompresses the pages it rendered itself.
 */
import { recompressBest, type CachedPage } from "./pageCache.ts";

export interface IdleRecompression {
  /** Runs a render; while any runs (and `idleMs` after), nothing is recompressed. */
  during<T>(render: () => Promise<T>): Promise<T>;
  /** Queues a page just rendered for the best compression. */
  schedule(page: CachedPage): void;
  /** Pages waiting (for tests and figures). */
  waiting(): number;
}

export function idleRecompression(options: { idleMs?: number; maxWaiting?: number; warn?: (message: string) => void } = {}): IdleRecompression {
  const idleMs = options.idleMs ?? 200;
  // The page cache's size: a page past it has left the cache, so compressing it would be wasted.
  const maxWaiting = options.maxWaiting ?? 500;
  const queue = new Set<CachedPage>();
  let rendering = 0;
  let lastRenderEnded = 0;
  let working = false;
  let timer: NodeJS.Timeout | undefined;

  const next = () => {
    if (working || timer || queue.size === 0) return;
    const wait = Math.max(0, lastRenderEnded + idleMs - performance.now());
    timer = setTimeout(() => {
      timer = undefined;
      if (rendering > 0) return; // the render's end calls next() again
      if (performance.now() - lastRenderEnded < idleMs) return next();
      const [page] = queue;
      if (!page) return;
      queue.delete(page);
      working = true;
      recompressBest(page)
        .catch((error: unknown) => (options.warn ?? console.warn)(`a page could not be recompressed (it stays at the fast level): ${String(error)}`))
        .finally(() => {
          working = false;
          next();
        });
    }, wait);
    // A server with nothing else to do may stop: the pages are valid at the fast level.
    timer.unref();
  };

  return {
    async during(render) {
      rendering += 1;
      try {
        return await render();
      } finally {
        rendering -= 1;
        lastRenderEnded = performance.now();
        next();
      }
    },
    schedule(page) {
      // A retry screen (503) is never kept, so never sent again.
      if (page.compression === "best" || page.html.byteLength === 0 || page.status === 503) return;
      if (queue.size >= maxWaiting) {
        const [oldest] = queue;
        if (oldest) queue.delete(oldest);
      }
      queue.add(page);
      next();
    },
    waiting: () => queue.size,
  };
}
