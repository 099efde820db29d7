import type { ComponentProps, SyntheticEvent } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { mediaUrl } from "../../ui/media.ts";

type ContentVideoProps = Omit<ComponentProps<"video">, "src" | "poster" | "width" | "height" | "className" | "children"> & { item: ContentItem };

/** Videos whose captions were turned on by their first play (a visitor may turn them off after). */
const captionsShown = new WeakSet<HTMLVideoElement>();

/**
 * Captions on when the video first plays. Not marked `default` in the HTML: the browser then
 * fetches the caption file with the page, and on a phone's six connections that request held one
 * while the page's code waited (docs/performance.md, "Fewer files before the page answers").
 */
function showCaptionsOnFirstPlay(event: SyntheticEvent<HTMLVideoElement>) {
  const video = event.currentTarget;
  if (captionsShown.has(video)) return;
  captionsShown.add(video);
  const captions = [...video.textTracks].find((track) => track.kind === "captions");
  if (captions && captions.mode === "disabled") captions.mode = "showing";
}

/**
 * A content item's video, as every video layout shows it: its poster and source (only safe
 * URLs, src/ui/media.ts), a 16:9 box reserved before it loads, and its English captions
 * (`documentPath`), shown once it plays.
 */
export function ContentVideo({ item, onPlay, ...video }: ContentVideoProps) {
  const captions = mediaUrl(item.documentPath);
  // Captions of another origin (a CDN, or the service in the single-page build) load only through CORS.
  const crossOrigin = captions !== null && /^https?:/.test(captions) ? "anonymous" : undefined;
  return (
    <video
      className="video__player"
      playsInline
      width={1280}
      height={720}
      poster={mediaUrl(item.image) ?? undefined}
      src={mediaUrl(item.video) ?? undefined}
      crossOrigin={crossOrigin}
      onPlay={(event) => {
        showCaptionsOnFirstPlay(event);
        onPlay?.(event);
      }}
      {...video}
    >
      <track kind="captions" src={captions ?? undefined} srcLang="en" label="English" />
    </video>
  );
}
