// @vitest-environment node
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimitFor, bodyLimits, readBodyWithin, refuseBody } from "./bodyLimits.ts";

describe("body limit policy", () => {
  it("gives the lead forms a few hundred kB, content calls a few kB and everything else nothing", () => {
    expect(bodyLimitFor("/api/contactus/create")).toBe(256 * 1024);
    expect(bodyLimitFor("/api/thoughtPaper/SaveUserInfo")).toBe(256 * 1024);
    expect(bodyLimitFor("/api/page/GetContentList")).toBe(8 * 1024);
    expect(bodyLimitFor("/Home")).toBe(0);
    expect(bodyLimitFor("/assets/index.js")).toBe(0);
    expect(Object.values(bodyLimits).every((limit) => limit <= 256 * 1024)).toBe(true);
  });
});

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((done) => {
      if (!server) return done();
      server.close(() => done());
      server.closeAllConnections();
    }),
);

/** A server that reads bodies within `limit` and reports how many bytes it took in. */
async function limitedServer(limit: number) {
  const seen = { bytes: 0 };
  server = createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (seen.bytes += chunk.length));
    void readBodyWithin(req, limit).then((read) => {
      if (!read.ok) return refuseBody(res, read.status, limit);
      res.end(`read ${read.body?.length ?? 0}`);
    });
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  return { port: (server.address() as AddressInfo).port, seen };
}

function post(port: number, headers: Record<string, string | number>, write: (req: ReturnType<typeof request>) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    write(req);
  });
}

describe("reading a body within its limit", () => {
  it("answers 413 from Content-Length alone, before any of the body is read", async () => {
    const { port, seen } = await limitedServer(1024);
    const answer = await post(port, { "Content-Length": 100 * 1024 * 1024 }, (req) => req.flushHeaders());
    expect(answer.status).toBe(413);
    expect(seen.bytes).toBe(0);
  });

  it("cuts a chunked body off as soon as it passes the limit", async () => {
    const { port, seen } = await limitedServer(1024);
    const answer = await post(port, { "Transfer-Encoding": "chunked" }, (req) => {
      req.write(Buffer.alloc(800));
      req.write(Buffer.alloc(800));
      // The rest of a large upload is never sent: the server answered already.
    });
    expect(answer.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(1600);
  });

  it("reads a body within the limit", async () => {
    const { port } = await limitedServer(1024);
    expect(await post(port, { "Content-Length": 1000 }, (req) => req.end(Buffer.alloc(1000)))).toEqual({ status: 200, body: "read 1000" });
    expect(await post(port, { "Transfer-Encoding": "chunked" }, (req) => req.end(Buffer.alloc(1024)))).toEqual({ status: 200, body: "read 1024" });
  });
});
