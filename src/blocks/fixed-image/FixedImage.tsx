import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { preloadBackground, useFirstScreen } from "../../ui/firstScreen.tsx";
import { backgroundStyle, mediaUrl } from "../../ui/media.ts";
import type { FixedImageOptions } from "./options.ts";
import "./fixed-image.css";

/** A decorative band whose image stays put while the page scrolls past (static where motion is reduced). */
export function FixedImage({ page, options, slotId }: BlockProps<FixedImageOptions>) {
  const url = mediaUrl(page[options.field]);
  if (useFirstScreen(page[options.field]) && url) preloadBackground(url);
  if (!url) return null;
  return <div className="fixed-image" data-slot={slotId} aria-hidden="true" style={backgroundStyle(url)} />;
}

export const block = defineBlock<FixedImageOptions>("fixed-image", FixedImage);
