import type { ContentItem } from "../../content/contract.ts";
import { animationStillPath } from "../../content/mediaAddress.ts";
import { mediaServedThroughSite } from "../../ui/media.ts";
import { isSitePath, safeUrl } from "../../ui/url.ts";

/** A Lottie animation is a JSON file. */
const isAnimation = (url: string) => /\.json(?:[?#]|$)/i.test(url);

/**
 * The frame of an animation the site's server draws (src/server/media/animationStills.ts), as a
 * content address: only for an animation on the content service's origin that the site serves
 * through its own `/_media/` (a server-made page), spelled as a plain `.json` path.
 */
const drawnStill = (animation: string) => (mediaServedThroughSite() && isSitePath(animation) && animation.endsWith(".json") ? animationStillPath(animation) : null);

/**
 * What a Media item shows: an animation when one of its files is a Lottie JSON (whichever
 * field the editor put it in), and a still image: its image when that is a picture, else, for an
 * animation, the frame the site's server draws of it. The still is what shows until the
 * animation plays, and if it cannot.
 */
export function mediaFiles(item: ContentItem): { animation: string | null; still: string | null } {
  const urls = [item.image, item.video, item.documentPath].map((value) => safeUrl(value));
  const animation = urls.find((url): url is string => url !== null && isAnimation(url)) ?? null;
  const image = urls[0] ?? null;
  const picture = image && !isAnimation(image) ? image : null;
  return { animation, still: picture ?? (animation ? drawnStill(animation) : null) };
}
