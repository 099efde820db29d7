/**
 * The content client imports the contract's schemas (and zod) with its first answer to parse: a
 * page the server rendered hydrates without them. Their code not arriving must cost a visitor no
 * more than the network failing would.
 */
import { afterEach, expect, it, vi } from "vitest";
import { requestUrl } from "../../tests/harness.tsx";

afterEach(() => {
  vi.doUnmock("./contract.ts");
  vi.resetModules();
});

it("without the contract's code: a read fails as the network would, a form's invalid answer is a failure, and the next call tries again", async () => {
  let arrives = false;
  vi.doMock("./contract.ts", async (original) => {
    if (!arrives) throw new Error("Failed to fetch dynamically imported module");
    return original();
  });
  const { createContentClient } = await import("./client.ts");
  const { ContentError } = await import("./contentError.ts");
  const answers: Record<string, { status: number; body: unknown }> = {
    "/api/menu/GetMenuList": { status: 200, body: [] },
    "/api/thoughtPaper/SaveUserInfo": { status: 400, body: { errors: { email: "Kindly enter your Official Email Id" } } },
  };
  const fetch: typeof globalThis.fetch = (input) => {
    const answer = answers[requestUrl(input)] ?? { status: 404, body: null };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } }));
  };
  const client = createContentClient({ base: "", fetch });
  const lead = { name: "Ada", Organisation: "A", email: "a@gmail.com", contactNumber: "1234567890", token: "t", thoughtPaperName: "P" };

  const failure = await client.getMenus().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ContentError);
  expect(failure).toMatchObject({ kind: "network" });
  expect(await client.saveThoughtPaperLead(lead)).toEqual({ ok: false, reason: "failed", status: 400 });

  arrives = true;
  await expect(client.getMenus()).resolves.toEqual([]);
  expect(await client.saveThoughtPaperLead(lead)).toEqual({ ok: false, reason: "invalid", errors: { email: "Kindly enter your Official Email Id" } });
});
