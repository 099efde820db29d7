import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import DOMPurify from "dompurify";
import { afterEach, vi } from "vitest";
import { providePurify } from "../src/ui/htmlWindow.ts";

// findBy*/waitFor wait up to 5 s: a busy 2-core CI machine can take longer than the 1 s default to mount lazy blocks.
configure({ asyncUtilTimeout: 5000 });

// Content HTML renders as in a browser that has loaded DOMPurify already (or on the server):
// synchronously. Loading it and hydrating without it are tested in src/ui/SafeHtml.hydration.test.tsx.
providePurify(DOMPurify);

afterEach(() => {
  // A test that failed on the fake clock must not leave it to the next one.
  vi.useRealTimers();
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
