// @vitest-environment node
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { hardenServer, isValidHost } from "./host.ts";

describe("Host header", () => {
  it("accepts names, addresses and ports a browser sends", () => {
    for (const host of ["localhost", "localhost:4173", "www.corvane.example", "127.0.0.1:80", "[::1]:4173", "example.com."]) expect(isValidHost(host), host).toBe(true);
  });

  it("refuses what no browser sends", () => {
    for (const host of [undefined, "", "exa mple.com", "evil.com/path", "a@b", "host:99999", "host:", "-bad.example", "<script>", "x".repeat(300), "[zz::1]"]) expect(isValidHost(host), String(host)).toBe(false);
  });
});

describe("hardenServer", () => {
  it("sets header, request and keep-alive time-outs", () => {
    const server = hardenServer(createServer(), { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 500 });
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([1_000, 2_000, 500]);
  });
});
