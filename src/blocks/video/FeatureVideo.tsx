/**
 * The home video (SPEC 4 "Home video"): the poster with a play button; playing hides the
 * button and shows the player's controls; pausing or reaching the end shows the button again
 * and hides the controls; a click on the video toggles play and pause; scrolling it out of
 * view pauses it. Keyboard users have the play button, then the player's own controls.
 */
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { toPlainText } from "../../ui/text.ts";
import { safeUrl } from "../../ui/url.ts";

export function FeatureVideo({ item }: { item: ContentItem }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const name = toPlainText(item.title);

  useEffect(() => {
    const element = video.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => !entry.isIntersecting) && !element.paused) element.pause();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused || element.ended) {
      // A refused play (autoplay policy, no source) leaves the poster and the button as they are.
      element.play().catch(() => undefined);
    } else {
      element.pause();
    }
  };
  const onVideoClick = (event: MouseEvent<HTMLVideoElement>) => {
    // The browser's own click-to-play would undo this toggle.
    event.preventDefault();
    toggle();
  };

  return (
    <figure className={`feature-video ${playing ? "is-playing" : ""}`}>
      <div className="feature-video__frame">
        {/* Clicking the picture is a mouse shortcut; the play button and the player's controls do the same from the keyboard. */}
        <video
          ref={video}
          className="video__player"
          controls={playing}
          preload="metadata"
          playsInline
          width={1280}
          height={720}
          poster={safeUrl(item.image) ?? undefined}
          src={safeUrl(item.video) ?? undefined}
          aria-label={name || undefined}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onClick={onVideoClick}
        >
          <track kind="captions" src={safeUrl(item.documentPath) ?? undefined} srcLang="en" label="English" default />
        </video>
        {!playing && (
          <button type="button" className="feature-video__play" onClick={toggle} aria-label={name ? `Play video: ${name}` : "Play video"}>
            <span aria-hidden="true" />
          </button>
        )}
      </div>
      {name && <figcaption className="video__caption">{name}</figcaption>}
    </figure>
  );
}
