// @vitest-environment node
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockSkewSeconds, maxLifetimeSeconds, previewSecrets, signPreviewToken, verifyPreviewToken } from "./previewToken.ts";

const secret = "a-preview-secret-of-at-least-32-characters";
const next = "the-next-preview-secret-once-rotated-00000";
const now = Date.parse("2026-12-01T10:00:00Z");
const inSeconds = (seconds: number) => Math.floor(now / 1000) + seconds;

describe("a preview token", () => {
  it("is the contract's format: base64url(payload).base64url(HMAC-SHA256(secret, base64url(payload)))", () => {
    const token = signPreviewToken({ exp: inSeconds(600), path: "/about-us" }, secret);
    const [payload = "", signature = ""] = token.split(".");
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({ exp: inSeconds(600), path: "/about-us" });
    expect(signature).toBe(createHmac("sha256", secret).update(payload).digest("base64url"));
    expect(verifyPreviewToken(token, [secret], now)).toEqual({ ok: true, payload: { exp: inSeconds(600), path: "/about-us" } });
  });

  it("passes with either secret while one is rotated, and not with another", () => {
    const token = signPreviewToken({ exp: inSeconds(60) }, next);
    expect(verifyPreviewToken(token, [secret, next], now).ok).toBe(true);
    expect(verifyPreviewToken(token, [secret], now)).toEqual({ ok: false, why: "signature" });
    expect(verifyPreviewToken(token, [], now)).toEqual({ ok: false, why: "signature" });
  });

  it("is refused once expired, beyond the stated clock skew, and when it lives more than an hour", () => {
    const at = (exp: number) => verifyPreviewToken(signPreviewToken({ exp }, secret), [secret], now);
    expect(at(inSeconds(-clockSkewSeconds)).ok).toBe(true);
    expect(at(inSeconds(-clockSkewSeconds - 1))).toEqual({ ok: false, why: "expired" });
    expect(at(inSeconds(maxLifetimeSeconds + clockSkewSeconds)).ok).toBe(true);
    expect(at(inSeconds(maxLifetimeSeconds + clockSkewSeconds + 1))).toEqual({ ok: false, why: "too far ahead" });
  });

  it("is refused when forged: any change to its payload or signature", () => {
    const token = signPreviewToken({ exp: inSeconds(600), path: "/Home" }, secret);
    const [payload = "", signature = ""] = token.split(".");
    const longer = Buffer.from(JSON.stringify({ exp: inSeconds(3000), path: "/Home" })).toString("base64url");
    expect(verifyPreviewToken(`${longer}.${signature}`, [secret], now).ok).toBe(false);
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom("A", "B", "x", "z", "0", "9", "-", "_", "."), (at, character) => {
        const changed = token.slice(0, at) + character + token.slice(at + 1);
        fc.pre(changed !== token);
        expect(verifyPreviewToken(changed, [secret], now).ok).toBe(false);
      }),
    );
    for (const bad of ["", ".", `${payload}.`, `.${signature}`, `${payload}.${signature}.x`, "x".repeat(5000), `${payload}.${signature}==`]) expect(verifyPreviewToken(bad, [secret], now).ok).toBe(false);
  });

  it("is refused when its payload is not the contract's, though signed", () => {
    const signed = (json: string) => {
      const encoded = Buffer.from(json).toString("base64url");
      return `${encoded}.${createHmac("sha256", secret).update(encoded).digest("base64url")}`;
    };
    for (const json of ["not json", "[]", '{"path": "/x"}', `{"exp": "${String(inSeconds(60))}"}`, `{"exp": ${String(inSeconds(60))}.5}`]) expect(verifyPreviewToken(signed(json), [secret], now)).toEqual({ ok: false, why: "malformed" });
  });
});

describe("PREVIEW_SECRET", () => {
  it("is off when empty, one secret or two while one is rotated", () => {
    expect(previewSecrets(undefined)).toEqual([]);
    expect(previewSecrets(" ")).toEqual([]);
    expect(previewSecrets(`${secret}, ${next}`)).toEqual([secret, next]);
  });

  it("stops the start on more than two", () => {
    expect(() => previewSecrets(`${secret},${next},${secret}`)).toThrow(/two/);
  });
});
