import { describe, expect, it, vi } from "vitest";
import { answeringFetch, scriptSafeJson } from "./prerendered.ts";

describe("the server's embedded answers", () => {
  it("answer the same calls from the data, and send every other call on", async () => {
    const next = vi.fn(() => Promise.resolve(new Response("from the network")));
    const fetch = answeringFetch([{ path: "/api/page/get", body: '"index"', answer: '{"id":1}' }], "https://content.example", next);
    expect(await (await fetch("https://content.example/api/page/get", { method: "POST", body: '"index"' })).json()).toEqual({ id: 1 });
    expect(next).not.toHaveBeenCalled();
    await fetch("https://content.example/api/page/get", { method: "POST", body: '"People"' });
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("are written so that no text can end the script element", () => {
    const text = scriptSafeJson({ a: "</script><!-- \u2028 & >" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!-- \u2028 & >" });
  });
});
