/**
 * Made once, committed: the photograph-like pictures of the fixture page `/photographs`
 * (fixtures/media/photo-*.jpg; docs/media.md). Soft gradients with fine grain, as a camera's
 * pictures have, so they compress like photographs do and not like drawings.
 * Run: `npx tsx tools/fixture-photos.ts`.
 */
import sharp from "sharp";

/** A deterministic pseudo-random sequence (the same files on every run). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function photo(file: string, width: number, height: number, seed: number, quality: number, blur: number) {
  const next = random(seed);
  const [r0, g0, b0, r1, g1, b1] = Array.from({ length: 6 }, () => 40 + next() * 180);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const wave = 18 * Math.sin(x / 97 + seed) * Math.cos(y / 61);
      const grain = () => (next() - 0.5) * 46;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (r0 ?? 0) * (1 - t) + (r1 ?? 0) * t + wave + grain()));
      pixels[i + 1] = Math.max(0, Math.min(255, (g0 ?? 0) * (1 - t) + (g1 ?? 0) * t + wave + grain()));
      pixels[i + 2] = Math.max(0, Math.min(255, (b0 ?? 0) * (1 - t) + (b1 ?? 0) * t - wave + grain()));
    }
  }
  // A little blur: grain as a lens renders it, not per-pixel static.
  const info = await sharp(pixels, { raw: { width, height, channels: 3 } }).blur(blur).jpeg({ quality, mozjpeg: true }).toFile(file);
  console.log(`${file}: ${String(info.width)} × ${String(info.height)}, ${String(Math.round(info.size / 1024))} kB`);
}

await photo("fixtures/media/photo-hero.jpg", 2400, 1200, 7, 90, 0.5);
for (let n = 1; n <= 6; n++) await photo(`fixtures/media/photo-${String(n)}.jpg`, 1600, 1067, 100 + n, 82, 0.6);
