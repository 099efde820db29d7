/**
 * A photograph-like JPEG made on the spot, for the media tests and the memory benchmark: a
 * gradient with grain, so it does not compress to nothing as a flat picture would.
 */
import sharp from "sharp";

export async function samplePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    pixels[i] = ((i / 3) % width) / 10 + (state >>> 26) * 3;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}
