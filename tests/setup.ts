import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { provideSanitizer } from "../src/ui/SafeHtml.tsx";
import { sanitizeHtml } from "../src/ui/sanitize.ts";

// Content HTML renders at once in tests, as on the server; the browser's lazy loading of the
// sanitizer has tests of its own (src/ui/SafeHtml.test.tsx).
provideSanitizer(sanitizeHtml);

// findBy*/waitFor wait up to 5 s: a busy 2-core CI machine can take longer than the 1 s default to mount lazy blocks.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // A test that failed on the fake clock must not leave it to the next one.
  vi.useRealTimers();
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
