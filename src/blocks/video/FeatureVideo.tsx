/**
 * The home video (SPEC 4 "Home video"): the poster with a play button; playing hides the
 * button and shows the player's controls; pausing or reaching the end shows the button again
 * and hides the controls; a click on the video toggles play and pause; scrolling it out of
 * view pauses it. Keyboard users have the play button, then the player's own controls.
 *
 * Before the code arrives (the server's HTML, and hydration's first render) the player shows its
 * own controls and no play button of ours: a button that ignored a tap until the code ran would
 * lose it (issue 20). Once the code runs it takes over with the poster and the button, and a video
 * the visitor already started keeps playing with its controls. Nothing of the video is fetched
 * before play (`preload="none"`): on a phone's network its metadata would take a connection the
 * page's code needs.
 */
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { useTakenOver } from "../../ui/disclosure.ts";
import { toPlainText } from "../../ui/text.ts";
import { ContentVideo } from "./ContentVideo.tsx";

export function FeatureVideo({ item }: { item: ContentItem }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const takenOver = useTakenOver();
  const name = toPlainText(item.title);

  // Started from the player's own controls before the code ran: no play event reached React.
  useEffect(() => {
    const element = video.current;
    if (takenOver && element && !element.paused && !element.ended) setPlaying(true);
  }, [takenOver]);

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
        <ContentVideo
          ref={video}
          item={item}
          controls={playing || !takenOver}
          preload="none"
          aria-label={name || undefined}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onClick={takenOver ? onVideoClick : undefined}
        />
        {takenOver && !playing && (
          <button type="button" className="feature-video__play" onClick={toggle} aria-label={name ? `Play video: ${name}` : "Play video"}>
            <span aria-hidden="true" />
          </button>
        )}
      </div>
      {name && <figcaption className="video__caption">{name}</figcaption>}
    </figure>
  );
}
