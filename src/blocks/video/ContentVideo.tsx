import type { ComponentProps } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { mediaUrl } from "../../ui/media.ts";

type ContentVideoProps = Omit<ComponentProps<"video">, "src" | "poster" | "width" | "height" | "className" | "children"> & { item: ContentItem };

/**
 * A content item's video, as every video layout shows it: its poster and source (only safe
 * URLs, src/ui/media.ts), a 16:9 box reserved before it loads, and its English captions (`documentPath`).
 */
export function ContentVideo({ item, ...video }: ContentVideoProps) {
  const captions = mediaUrl(item.documentPath);
  // Captions of another origin (a CDN, or the service in the single-page build) load only through CORS.
  const crossOrigin = captions !== null && /^https?:/.test(captions) ? "anonymous" : undefined;
  return (
    <video className="video__player" playsInline width={1280} height={720} poster={mediaUrl(item.image) ?? undefined} src={mediaUrl(item.video) ?? undefined} crossOrigin={crossOrigin} {...video}>
      <track kind="captions" src={captions ?? undefined} srcLang="en" label="English" default />
    </video>
  );
}
