// @vitest-environment node
import Fastify, { type FastifyInstance } from "fastify";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { Transform } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { mountFetchHandler, type FetchHandler } from "./fetchHandler.ts";

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A server with `handler` mounted on /svc/ (/svc/upload takes 1 kB), reporting how many body bytes it took in. */
async function serverWith(handler: FetchHandler) {
  const seen = { bytes: 0 };
  app = Fastify();
  // Counts the body bytes as Fastify reads them, before its limit is applied.
  app.addHook("preParsing", async (_request, _reply, payload) =>
    payload.pipe(new Transform({ transform: (chunk: Buffer, _encoding, done) => { seen.bytes += chunk.length; done(null, chunk); } })),
  );
  mountFetchHandler(app, { prefix: "/svc/", handler, routes: [{ path: "/svc/upload", bodyLimit: 1024 }] });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { port: (app.server.address() as AddressInfo).port, seen };
}

const readBody: FetchHandler = async (req) => new Response(`read ${(await req.arrayBuffer()).byteLength}`);

function post(port: number, path: string, headers: Record<string, string | number>, write: (req: ReturnType<typeof request>) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    write(req);
  });
}

describe("reading a body within its route's limit", () => {
  it("answers 413 from Content-Length alone, before any of the body is read", async () => {
    const { port, seen } = await serverWith(readBody);
    const answer = await post(port, "/svc/upload", { "Content-Length": 100 * 1024 * 1024 }, (req) => req.flushHeaders());
    expect(answer.status).toBe(413);
    expect(seen.bytes).toBe(0);
  });

  it("cuts a chunked body off as soon as it passes the limit", async () => {
    const { port, seen } = await serverWith(readBody);
    const answer = await post(port, "/svc/upload", { "Transfer-Encoding": "chunked" }, (req) => {
      req.write(Buffer.alloc(800));
      req.write(Buffer.alloc(800));
      // The rest of a large upload is never sent: the server answered already.
    });
    expect(answer.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(1600);
  });

  it("reads a body within the limit, and refuses any body on a path that takes none", async () => {
    const { port } = await serverWith(readBody);
    expect(await post(port, "/svc/upload", { "Content-Length": 1000 }, (req) => req.end(Buffer.alloc(1000)))).toEqual({ status: 200, body: "read 1000" });
    expect(await post(port, "/svc/upload", { "Transfer-Encoding": "chunked" }, (req) => req.end(Buffer.alloc(1024)))).toEqual({ status: 200, body: "read 1024" });
    expect((await post(port, "/svc/other", { "Content-Length": 10 }, (req) => req.end(Buffer.alloc(10)))).status).toBe(413);
  });
});

describe("a Fetch handler mounted on a prefix", () => {
  it("gets the request as sent and answers with its Response; null is a 404; other paths never reach it", async () => {
    const seen: string[] = [];
    app = Fastify();
    mountFetchHandler(app, {
      prefix: "/svc/",
      routes: [{ path: "/svc/upload", bodyLimit: 1024 }],
      handler: async (req, context) => {
        seen.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`);
        if (new URL(req.url).pathname === "/svc/none") return null;
        return new Response(JSON.stringify({ type: req.headers.get("content-type"), body: await req.text(), from: context.clientAddress }), { status: 201, headers: { "Content-Type": "application/json", "X-Kind": "svc" } });
      },
    });
    app.get("/*", () => "page");
    const answer = await app.inject({ method: "POST", url: "/svc/upload?x=1", headers: { "content-type": "text/csv" }, payload: "a,b" });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers).toMatchObject({ "x-kind": "svc", "cache-control": "private, no-store" });
    expect(answer.json()).toEqual({ type: "text/csv", body: "a,b", from: "127.0.0.1" });
    expect((await app.inject({ url: "/svc/none" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/elsewhere" })).body).toBe("page");
    expect(seen).toEqual(["POST /svc/upload?x=1", "GET /svc/none"]);
  });
});
