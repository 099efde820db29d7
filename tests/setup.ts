import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait up to 5 s: a busy 2-core CI machine can take longer than the 1 s default to mount lazy blocks.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
