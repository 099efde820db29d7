/**
 * The resized copies of content pictures (docs/media.md): one width and format of a JPEG, PNG
 * or WebP, made by sharp (libvips: streams the picture through in strips instead of holding
 * every stage's pixels, which is what keeps memory flat). Bounded: the input's bytes are capped
 * by the media handler; its proportions and pixels are read from its header first (sharp's
 * `metadata`, no decoding) and a side over 16,384 px, an extreme aspect ratio or too many pixels
 * is refused before any decoding; only a few are made at once, and only so many wait their turn
 * (past that, 503 with Retry-After, not a wait without end). The media handler keeps each
 * result on disk, so each is made once.
 */
import pLimit from "p-limit";
import type { Sharp, SharpOptions } from "sharp";
import { MediaRefusal, type VariantMaker } from "./mediaHandler.ts";
import { inSpan } from "../tracing.ts";

export interface VariantOptions {
  /** The largest picture (width × height) read; a larger one is refused. */
  maxInputPixels: number;
  /** Pictures resized at the same time; the rest wait their turn. */
  concurrency: number;
  /** Pictures that may wait for their turn; one more is answered 503 (default 16). */
  maxWaiting?: number;
  /** Counts each picture actually resized (tests and the operator's log). */
  onResize?: () => void;
}

/** The longest side read (WebP's own limit, and past any photograph a page shows). */
export const maxPictureSide = 16_384;
/** The most elongated picture read (long side over short side): a panorama banner, not a 39,000,000 × 1 strip whose resize costs gigabytes. */
export const maxAspectRatio = 32;

let loadingSharp: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
/** sharp (libvips), loaded with the first picture: a server start does not wait for it (docs/operations.md#start). */
function sharpLoaded() {
  return (loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache holds decoded pictures between calls; each variant is made once and kept on disk, so it would only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}

/** Why a picture is not resized, from its header alone; null when it may be. */
export async function pictureRefusal(original: Buffer, maxInputPixels: number): Promise<string | null> {
  const sharp = await sharpLoaded();
  const { width, height } = await sharp(original).metadata();
  if (!(width >= 1 && height >= 1)) return "no dimensions in its header";
  if (Math.max(width, height) > maxPictureSide) return `a side over ${String(maxPictureSide)} px (${String(width)} × ${String(height)})`;
  if (Math.max(width, height) / Math.min(width, height) > maxAspectRatio) return `proportions past ${String(maxAspectRatio)}:1 (${String(width)} × ${String(height)})`;
  if (width * height > maxInputPixels) return `over ${String(maxInputPixels)} pixels (${String(width)} × ${String(height)})`;
  return null;
}

export function imageVariants(options: VariantOptions): VariantMaker {
  // The others wait their turn (p-limit), holding nothing: the original is read when the turn comes.
  const turn = pLimit(options.concurrency);
  const maxWaiting = options.maxWaiting ?? 16;
  return (load, { width, format }) => {
    if (turn.pendingCount >= maxWaiting) return Promise.reject(new MediaRefusal(503, `${String(turn.pendingCount)} pictures already wait to be resized`));
    return turn(() => inSpan("media resize", async (note) => {
      note({ "media.width": width, "media.format": format });
      const original = await load();
      const refusal = await pictureRefusal(original, options.maxInputPixels).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (refusal !== null) throw new MediaRefusal(502, `not resized: ${refusal}`);
      options.onResize?.();
      const sharp = await sharpLoaded();
      const pipeline = sharp(original, { limitInputPixels: options.maxInputPixels, sequentialRead: true })
        // The camera's orientation applied; never enlarged past the original.
        .rotate()
        .resize({ width, withoutEnlargement: true });
      // Quality for photographs at a fraction of the bytes; effort kept low, as a first visitor waits for it.
      const bytes = format === "avif" ? await pipeline.avif({ quality: 50, effort: 2 }).toBuffer() : await pipeline.webp({ quality: 72, effort: 3 }).toBuffer();
      return { bytes, type: `image/${format}` };
    }));
  };
}
