import type { ContentItem } from "../../content/contract.ts";
import { safeUrl } from "../../ui/url.ts";

/** A Lottie animation is a JSON file. */
const isAnimation = (url: string) => /\.json(?:[?#]|$)/i.test(url);

/**
 * What a Media item shows: an animation when one of its files is a Lottie JSON (whichever
 * field the editor put it in), and a still image when its image is a picture. The still is the
 * animation's fallback.
 */
export function mediaFiles(item: ContentItem): { animation: string | null; still: string | null } {
  const urls = [item.image, item.video, item.documentPath].map((value) => safeUrl(value));
  const animation = urls.find((url): url is string => url !== null && isAnimation(url)) ?? null;
  const image = urls[0] ?? null;
  return { animation, still: image && !isAnimation(image) ? image : null };
}
