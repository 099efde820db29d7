/**
 * The first screen's pictures (decided by the page's loader: src/runtime/loadPage.ts), for
 * the pieces that show pictures: such a picture loads at once, at high priority, and is asked for
 * from the document's head (React writes `preload()`'s `<link rel="preload" as="image">` there),
 * in the copy and format the browser will pick; any other picture loads lazily.
 */
import { use } from "react";
import { preload } from "react-dom";
import { variantPath } from "../content/mediaAddress.ts";
import { FirstScreenPictures } from "./firstScreenPictures.ts";
import { backgroundScreens, responsiveSources } from "./media.ts";
import { safeUrl } from "./url.ts";


/** True when the content picture `raw` is one of the page's first screen. */
export function useFirstScreen(raw: string | null | undefined): boolean {
  const pictures = use(FirstScreenPictures);
  const url = safeUrl(raw);
  return url !== null && pictures.includes(url);
}

/**
 * An `<img>` (or `<picture>`) at `url`, the address the page loads, asked for from the head: in a
 * `<picture>`'s best format at the width `sizes` picks (the browser reads imagesrcset as it does
 * the sources'; one that does not show the type skips the preload and loads the image as usual).
 */
export function preloadPicture(url: string, sizes: string): void {
  const [best] = responsiveSources(url);
  preload(url, best ? { as: "image", fetchPriority: "high", imageSrcSet: best.srcSet, imageSizes: sizes, type: best.type } : { as: "image", fetchPriority: "high" });
}

/**
 * A background picture (src/ui/media.ts backgroundStyle) asked for from the head: for a picture the
 * site's server resizes, the copy the stylesheet picks for the screen's width (src/styles/global.css),
 * in the best format (a browser that does not show it skips the preload and takes the next one
 * image-set() offers).
 */
export function preloadBackground(url: string): void {
  const [best] = responsiveSources(url);
  if (!best) {
    preload(url, { as: "image", fetchPriority: "high" });
    return;
  }
  const format = best.type === "image/avif" ? "avif" : "webp";
  for (const { width, media } of Object.values(backgroundScreens)) preload(variantPath(url, width, format), { as: "image", fetchPriority: "high", type: best.type, media });
}
