import { describe, expect, it, vi } from "vitest";
import { ContentError, createContentClient } from "./client.ts";

function clientAnswering(status: number, body: BodyInit | null, capture?: (init: RequestInit | undefined, url: string) => void) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    capture?.(init, typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    return Promise.resolve(new Response(body, { status, headers: { "Content-Type": "application/json" } }));
  });
  return createContentClient({ base: "https://content.example.com", timeoutMs: 1000, fetch });
}

describe("content client", () => {
  it("posts the page name as a JSON string to the configured base", async () => {
    let sent: RequestInit | undefined;
    let url = "";
    const client = clientAnswering(200, JSON.stringify({ id: 5, name: "About-Us" }), (init, u) => {
      sent = init;
      url = u;
    });
    expect(await client.getPage("About-Us")).toMatchObject({ id: 5 });
    expect(url).toBe("https://content.example.com/api/page/get");
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toBe('"About-Us"');
  });

  it("turns HTTP errors, non-JSON and wrong shapes into ContentErrors", async () => {
    await expect(clientAnswering(500, "x").getPage("a")).rejects.toMatchObject({ kind: "http", status: 500 });
    await expect(clientAnswering(200, "<html>").getPage("a")).rejects.toMatchObject({ kind: "malformed" });
    await expect(clientAnswering(200, JSON.stringify("no")).getPage("a")).rejects.toBeInstanceOf(ContentError);
  });

  it("sends the list request body of CONTENT-API 4 and reads the total", async () => {
    let body = "";
    const client = clientAnswering(200, JSON.stringify({ contents: [{ id: 1, type: 2, totalRow: 12 }] }), (init) => {
      body = typeof init?.body === "string" ? init.body : "";
    });
    const request = { contentType: 2, search: "ai", sort: "Descending", pageName: "Blogs", pageSize: 10, PageNo: 2, Filter: "All" } as const;
    expect(await client.getContentList(request)).toMatchObject({ total: 12 });
    expect(JSON.parse(body)).toEqual(request);
  });

  it("submits exactly the six contact fields as multipart, to the presentation call when asked", async () => {
    let form: FormData | undefined;
    let url = "";
    const client = clientAnswering(200, JSON.stringify({ id: 1 }), (init, u) => {
      form = init?.body as FormData;
      url = u;
    });
    const fields = { name: "Ada", Organisation: "Engines", email: "a@e.example", contactNumber: "4045550142", message: "Hi", token: "t" };
    expect(await client.submitContact(fields, { presentation: true })).toEqual({ ok: true, body: { id: 1 } });
    expect(url).toMatch(/\/api\/contactus\/presentation-page$/);
    expect([...(form?.keys() ?? [])]).toEqual(["name", "Organisation", "email", "contactNumber", "message", "token"]);
  });

  it("counts only a 200 with a non-null JSON body as success", async () => {
    const fields = { name: "", Organisation: "", email: "", contactNumber: "", message: "", token: "" };
    expect(await clientAnswering(204, null).submitContact(fields, { presentation: false })).toEqual({ ok: false, reason: "failed", status: 204 });
    expect(await clientAnswering(200, "null").saveThoughtPaperLead({ ...fields, thoughtPaperName: "x" })).toEqual({ ok: false, reason: "rejected", status: 200 });
    expect(await clientAnswering(500, "{}").submitContact(fields, { presentation: false })).toEqual({ ok: false, reason: "failed", status: 500 });
    expect(await clientAnswering(400, JSON.stringify({ errors: { email: "Entered Email is invalid" } })).submitContact(fields, { presentation: false })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { email: "Entered Email is invalid" },
    });
  });

  it("tells a busy service (503) and a rate limit (429) apart from a failure, with the wait asked for", async () => {
    const fields = { name: "", Organisation: "", email: "", contactNumber: "", message: "", token: "" };
    const answering = (status: number, retryAfter: string | null) =>
      createContentClient({ base: "", timeoutMs: 1000, fetch: () => Promise.resolve(new Response("{}", { status, headers: retryAfter === null ? {} : { "Retry-After": retryAfter } })) });
    expect(await answering(503, "5").submitContact(fields, { presentation: false })).toEqual({ ok: false, reason: "busy", status: 503, retryAfterSeconds: 5 });
    expect(await answering(429, "42").saveThoughtPaperLead({ ...fields, thoughtPaperName: "x" })).toEqual({ ok: false, reason: "busy", status: 429, retryAfterSeconds: 42 });
    expect(await answering(503, null).submitContact(fields, { presentation: false })).toMatchObject({ reason: "busy", retryAfterSeconds: null });
  });

  it("gives up after its time-out", async () => {
    const never = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const client = createContentClient({ base: "", timeoutMs: 20, fetch: never });
    await expect(client.getMenus()).rejects.toMatchObject({ kind: "timeout" });
  });
});

describe("one time-out per content call", () => {
  it("without a time-out of its own, the client waits as long as the fetch it was given does (on the server: the upstream's)", async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    const client = createContentClient({ base: "", fetch: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const page = client.getPage("index");
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    answer(Response.json({ id: 1, name: "index" }));
    await expect(page).resolves.toMatchObject({ id: 1 });
    vi.useRealTimers();
  });
});
