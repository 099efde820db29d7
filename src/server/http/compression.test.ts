// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeForClient, negotiateEncoding } from "./compression.ts";

describe("compression", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.2, br;q=0.1")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it("compresses a large JSON answer the client can read back, and leaves small or binary ones alone", async () => {
    const body = new TextEncoder().encode(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Field note ${i}` }))));
    const br = await encodeForClient(body, "application/json; charset=utf-8", "gzip, br");
    expect(br.headers).toEqual({ "Content-Encoding": "br", Vary: "Accept-Encoding" });
    expect(br.body.byteLength).toBeLessThan(body.byteLength / 3);
    expect(brotliDecompressSync(br.body).equals(Buffer.from(body))).toBe(true);
    const gz = await encodeForClient(body, "application/json", "gzip");
    expect(gunzipSync(gz.body).equals(Buffer.from(body))).toBe(true);
    expect((await encodeForClient(new TextEncoder().encode("{}"), "application/json", "br")).headers["Content-Encoding"]).toBeUndefined();
    expect((await encodeForClient(body, "application/pdf", "br")).body).toBe(body);
  });
});
