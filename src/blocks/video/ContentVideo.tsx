import { useCallback, type ComponentProps, type Ref } from "react";
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
function showCaptionsOnFirstPlay(video: HTMLVideoElement) {
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
export function ContentVideo({ item, onPlay, ref, ...video }: ContentVideoProps & { ref?: Ref<HTMLVideoElement> }) {
  const captions = mediaUrl(item.documentPath);
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      // Started from the player's own controls before the code ran (hydration): no play event reached React.
      if (element && !element.paused && !element.ended) showCaptionsOnFirstPlay(element);
      if (typeof ref === "function") return ref(element);
      if (ref) ref.current = element;
      return undefined;
    },
    [ref],
  );
  // Captions of another origin (a CDN, or the service in the single-page build) load only through CORS.
  const crossOrigin = captions !== null && /^https?:/.test(captions) ? "anonymous" : undefined;
  return (
    <video
      ref={attach}
      className="video__player"
      playsInline
      width={1280}
      height={720}
      poster={mediaUrl(item.image) ?? undefined}
      src={mediaUrl(item.video) ?? undefined}
      crossOrigin={crossOrigin}
      onPlay={(event) => {
        showCaptionsOnFirstPlay(event.currentTarget);
        onPlay?.(event);
      }}
      {...video}
    >
      <track kind="captions" src={captions ?? undefined} srcLang="en" label="English" />
    </video>
  );
}
