/**
 * The media an exported site uses, copied into it (docs/media.md): the export's pages name
 * `/_media/...` addresses, and the content they embed (and the lists the site pages through)
 * names root-relative media. Each is fetched through the same handler the server answers
 * `/_media/` with (same origin rule, types, caps) and written as the plain file a static host serves.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import pLimit from "p-limit";
import { animationStillPath, extensionOf, isMediaPath, isRasterPath, MEDIA_PREFIX, parseAnimationStill, variantFormats, variantPath, variantWidths } from "../../content/mediaAddress.ts";
import { isSitePath } from "../../content/canonicalAddress.ts";
import type { MediaHandler } from "./mediaHandler.ts";

/** `/_media/...` as the pages' markup writes them (src, srcset, href, poster, preloads, style urls). */
const siteMedia = new RegExp(`${MEDIA_PREFIX}/[^\\s"'<>,&\\\\)]+`, "g");
/** A file an element of content HTML embeds or links. */
const htmlFile = /\b(?:src|href|poster)\s*=\s*["']?(\/(?!\/)[^"'\s>]+)/gi;

/** The `/_media/` addresses a page's HTML uses. */
export function mediaInPage(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(siteMedia), ([address]) => address));
}

/** The `/_media/` addresses of the root-relative media a content answer (JSON) names, its HTML fields' files included, with every resized copy of a picture and an animation's still. */
export function mediaInContent(json: string): Set<string> {
  const found = new Set<string>();
  const add = (path: string) => {
    if (!isSitePath(path) || !isMediaPath(path)) return;
    const address = `${MEDIA_PREFIX}${path}`;
    found.add(address);
    if (isRasterPath(path)) for (const format of variantFormats) for (const width of variantWidths) found.add(variantPath(address, width, format));
    if (extensionOf(path) === "json") found.add(animationStillPath(address));
  };
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      add(value.trim());
      if (value.includes("<")) for (const [, path = ""] of value.matchAll(htmlFile)) add(path);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(json));
  } catch {
    // Not JSON: names nothing.
  }
  return found;
}

/**
 * Whether a file the export could not copy is skipped (reported) rather than failing it: a file
 * the content names but its service does not have (404, the content's own broken link), and an
 * animation's still the server would not draw (too large, too slow): the page then starts the
 * player as the animation comes near, as it does where there is no still (src/blocks/media).
 */
export function mediaFailureSkipped(address: string, why: string): boolean {
  return why.startsWith("404") || parseAnimationStill(address.slice(MEDIA_PREFIX.length)) !== null;
}

/** The file an address is written to under `root`; null when it could leave it. */
export function mediaFileFor(root: string, address: string): string | null {
  let segments: string[];
  try {
    segments = address.split("?")[0]?.split("/").filter(Boolean).map(decodeURIComponent) ?? [];
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === ".." || segment === "." || /[\0\\/]/.test(segment))) return null;
  return join(root, ...segments);
}

/** Writes each address's file under `root`; returns the addresses that could not be fetched, with why. */
export async function writeMedia(root: string, addresses: Iterable<string>, media: MediaHandler, concurrency = 4): Promise<{ written: number; failed: { address: string; why: string }[] }> {
  const failed: { address: string; why: string }[] = [];
  let written = 0;
  const limit = pLimit(concurrency);
  const write = async (address: string) => {
    const file = mediaFileFor(root, address);
    if (!file) return void failed.push({ address, why: "not a plain path" });
    const answer = await media(new Request(`http://export.invalid${address}`));
    if (answer.status !== 200) return void failed.push({ address, why: `${String(answer.status)} ${await answer.text()}`.trim() });
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, new Uint8Array(await answer.arrayBuffer()));
    written += 1;
  };
  await Promise.all([...new Set(addresses)].sort().map((address) => limit(() => write(address))));
  return { written, failed };
}
