import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("./client.ts");
  vi.resetModules();
});

describe("the content client loaded on its first call", () => {
  it("answers as the client does once its code is there, loading it once", async () => {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      asked.push(String(input));
      return Promise.resolve(new Response(JSON.stringify({ id: 7, name: "People" }), { status: 200, headers: { "Content-Type": "application/json" } }));
    };
    const { lazyContentClient } = await import("./lazyClient.ts");
    const client = lazyContentClient({ base: "http://content.test", fetch });
    const [first, second] = await Promise.all([client.getPage("People"), client.getPage("People")]);
    expect(first).toMatchObject({ id: 7, name: "People" });
    expect(second).toMatchObject({ id: 7 });
    expect(asked).toEqual(["http://content.test/api/page/get", "http://content.test/api/page/get"]);
  });

  it("whose code does not arrive: a read fails as the network would, a form's call answers that it was not sent, and the next call tries again", async () => {
    let arrives = false;
    vi.doMock("./client.ts", async (original) => {
      if (!arrives) throw new Error("Failed to fetch dynamically imported module");
      return original();
    });
    const { lazyContentClient } = await import("./lazyClient.ts");
    const { ContentError } = await import("./contentError.ts");
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response(JSON.stringify([]), { status: 200 }));
    const client = lazyContentClient({ base: "", fetch });

    const failure = await client.getMenus().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentError);
    expect(failure).toMatchObject({ kind: "network" });
    expect(await client.saveThoughtPaperLead({ name: "Ada", Organisation: "A", email: "a@b.co", contactNumber: "1234567890", token: "t", thoughtPaperName: "P" })).toEqual({ ok: false, reason: "failed", status: null });

    arrives = true;
    await expect(client.getMenus()).resolves.toEqual([]);
  });
});
