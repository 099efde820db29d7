/**
 * The resized copies of content pictures (docs/media.md): one width and format of a JPEG, PNG
 * or WebP, made by sharp (libvips: streams the picture through in strips instead of holding
 * every stage's pixels, which is what keeps memory flat). Bounded: the input's bytes are capped
 * by the media handler, its pixels here (`limitInputPixels`), and only a few are made at once,
 * however many are asked for; the media handler keeps each result on disk, so each is made once.
 */
import pLimit from "p-limit";
import sharp from "sharp";
import type { VariantMaker } from "./mediaHandler.ts";

export interface VariantOptions {
  /** The largest picture (width × height) read; a larger one is refused. */
  maxInputPixels: number;
  /** Pictures resized at the same time; the rest wait their turn. */
  concurrency: number;
  /** Counts each picture actually resized (tests and the operator's log). */
  onResize?: () => void;
}

// libvips' operation cache holds decoded pictures between calls; each variant is made once and kept on disk, so it would only hold memory.
sharp.cache(false);

export function imageVariants(options: VariantOptions): VariantMaker {
  // The others wait their turn (p-limit), holding nothing: the original is read when the turn comes.
  const turn = pLimit(options.concurrency);
  return (load, { width, format }) =>
    turn(async () => {
      const original = await load();
      options.onResize?.();
      const pipeline = sharp(original, { limitInputPixels: options.maxInputPixels, sequentialRead: true })
        // The camera's orientation applied; never enlarged past the original.
        .rotate()
        .resize({ width, withoutEnlargement: true });
      // Quality for photographs at a fraction of the bytes; effort kept low, as a first visitor waits for it.
      const bytes = format === "avif" ? await pipeline.avif({ quality: 50, effort: 2 }).toBuffer() : await pipeline.webp({ quality: 72, effort: 3 }).toBuffer();
      return { bytes, type: `image/${format}` };
    });
}
