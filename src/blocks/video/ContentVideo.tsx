import type { ComponentProps } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { safeUrl } from "../../ui/url.ts";

type ContentVideoProps = Omit<ComponentProps<"video">, "src" | "poster" | "width" | "height" | "className" | "children"> & { item: ContentItem };

/**
 * A content item's video, as every video layout shows it: its poster and source (only safe
 * URLs), a 16:9 box reserved before it loads, and its English captions (`documentPath`).
 */
export function ContentVideo({ item, ...video }: ContentVideoProps) {
  return (
    <video className="video__player" playsInline width={1280} height={720} poster={safeUrl(item.image) ?? undefined} src={safeUrl(item.video) ?? undefined} {...video}>
      <track kind="captions" src={safeUrl(item.documentPath) ?? undefined} srcLang="en" label="English" default />
    </video>
  );
}
