/**
 * TRUST_PROXY: which proxies in front of the server (a CDN, a load balancer) may say who the
 * client is in `X-Forwarded-For` (and the scheme and host in `X-Forwarded-Proto` / `-Host`).
 * Without it every forwarded header is ignored and a client is the socket's address: right when
 * visitors reach the server directly, and the only safe default, as anyone can send those headers.
 * Behind a CDN the socket is the CDN's, so every visitor would share one lead budget: set the
 * CDN's addresses and ranges (`173.245.48.0/20, 2400:cb00::/32`: the CDN publishes them), and the
 * client is the last address in `X-Forwarded-For` that no trusted proxy added. A hop count (`1`)
 * is still read, but it believes whoever connects, so a client that reaches the origin directly
 * names any address it likes (issue 45: 15 leads with 15 forged addresses passed a limit of 10);
 * the server warns at start. Either way, keep the origin reachable only through the CDN
 * (docs/operations.md).
 */
import { isIP } from "node:net";

/** Fastify's `trustProxy`: false (the default), the proxies' addresses and CIDR ranges, or "the first n hops" (proxy-addr's reading of a count). */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const isAddressOrRange = (entry: string) => {
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/** TRUST_PROXY as Fastify takes it; anything it cannot read is an error at start, not a silent trust of everyone. */
export function trustProxyFromEnv(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "0" || value.toLowerCase() === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  const unread = entries.filter((entry) => !isAddressOrRange(entry));
  if (unread.length > 0) throw new Error(`TRUST_PROXY: not a hop count, an address or a CIDR range: ${unread.join(", ")}`);
  return entries;
}

/** A line for the start's log when TRUST_PROXY is a hop count (which believes any client that connects), else null. */
export function trustProxyWarning(raw: string | undefined): string | null {
  const value = (raw ?? "").trim();
  if (!/^\d+$/.test(value) || value === "0") return null;
  return `TRUST_PROXY is a hop count (${value}): any client that reaches this server directly can name its own address in X-Forwarded-For. Give the CDN's address ranges instead, and keep the origin reachable only through the CDN.`;
}
