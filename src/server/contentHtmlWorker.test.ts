// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import type { ContentHtmlRequest } from "../ssr/site.ts";
import { throughWorker } from "./contentHtmlWorker.ts";

const sanitize = (html: string): ContentHtmlRequest => ({ kind: "sanitize", html, inline: false });

describe("the server's calls to its content HTML worker", () => {
  it("passes the worker's answers on", () => {
    const read = throughWorker((request) => `answered ${request.html}`, () => undefined);
    expect(read(sanitize("<p>a</p>"))).toBe("answered <p>a</p>");
  });

  it("fails only the read that failed while the worker still answers: the server keeps running", () => {
    const gone = vi.fn();
    const read = throughWorker((request) => {
      if (request.html === "<p>too much</p>") throw new Error("timed out");
      return request.kind === "text" ? "ok" : request.html;
    }, gone);
    expect(() => read(sanitize("<p>too much</p>"))).toThrow("timed out");
    expect(read(sanitize("<p>next</p>"))).toBe("<p>next</p>");
    expect(gone).not.toHaveBeenCalled();
  });

  it("says once that the worker is gone when it answers nothing any more, and every read still fails plainly", () => {
    const gone = vi.fn();
    let alive = true;
    const read = throughWorker((request) => {
      if (!alive) throw new Error("Worker exited with code 134");
      return request.kind === "text" ? "ok" : request.html;
    }, gone);
    expect(read(sanitize("<p>a</p>"))).toBe("<p>a</p>");
    alive = false;
    for (let call = 0; call < 3; call += 1) expect(() => read(sanitize("<p>b</p>"))).toThrow("Worker exited");
    expect(gone).toHaveBeenCalledTimes(1);
    expect(String(gone.mock.calls[0]?.[0])).toContain("Worker exited with code 134");
  });
});
