/**
 * A Lottie animation through @lottiefiles/react-lottie-player (with lottie-web's light build,
 * vite.config.ts: 49 kB gzip, more than any page's own code).
 *
 * With a still (the content's picture, or the frame the site's server draws: ./mediaFiles.ts),
 * the still shows from the first paint with a Play button, and the player is fetched when the
 * visitor presses it (by default: the block's `play` option), the way a video facade loads its
 * player on the first tap. A page's script stays within its budget (issue 35) and a phone spends
 * nothing on an animation nobody asked to see. Without a still (an animation on another host, the
 * single-page build) or once the still fails to load, the player is fetched as the animation comes
 * near the viewport and starts on its own, except under prefers-reduced-motion. A pause/play
 * control is always there once it can play, since it loops (WCAG 2.2.2).
 */
import { Component, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { Player as LottiePlayer } from "@lottiefiles/react-lottie-player";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { useReducedMotion } from "../../ui/motion.ts";

const loadPlayer = () => import("@lottiefiles/react-lottie-player");
const Player = lazy(() => loadPlayer().then((module) => ({ default: module.Player })));
/** As a press begins, ahead of its click: a failure here is the click's to meet (the still stays). */
const fetchPlayer = () => void loadPlayer().catch(() => undefined);

/** The player's "error" event; its enum lives in the player's module, which must stay out of this chunk. */
const failureEvents: readonly string[] = ["error"];

/** The still, when the player's code or the animation file fails. */
class StillOnError extends Component<{ still: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.still : this.props.children;
  }
}

interface LottieAnimationProps {
  src: string;
  /** Shown until the animation plays, and if it cannot; null: none. */
  still: string | null;
  ratio: readonly [number, number];
  /** When an animation with a still starts: when the visitor presses Play, or on its own as it comes near. */
  play: "when-asked" | "when-near";
  /** The item's title, which tells several animations' buttons apart ("" for none). */
  name: string;
}

export function LottieAnimation({ src, still, ratio, play, name }: LottieAnimationProps) {
  const box = useRef<HTMLDivElement>(null);
  const player = useRef<LottiePlayer>(null);
  const reducedMotion = useReducedMotion();
  const [stillFailed, setStillFailed] = useState(false);
  const shownStill = stillFailed ? null : still;
  const whenAsked = play === "when-asked" && shownStill !== null;
  const [near, setNear] = useState(false);
  const [playingByVisitor, setPlaying] = useState<boolean | null>(null);
  const playing = playingByVisitor ?? (!whenAsked && !reducedMotion);
  const [failed, setFailed] = useState(false);

  // A still that failed before the code ran (its error event unheard): the element says so.
  useLayoutEffect(() => {
    const image = box.current?.querySelector("img");
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute("src")) setStillFailed(true);
  }, []);

  useEffect(() => {
    if (whenAsked) return;
    const element = box.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [whenAsked]);

  const toggle = () => {
    if (playing) player.current?.pause();
    else player.current?.play();
    setPlaying(!playing);
  };

  const stillImage = shownStill ? <ContentImage className="lottie__still" src={shownStill} alt="" ratio={ratio} fit="contain" onError={() => setStillFailed(true)} /> : null;
  // The player is there once asked for (a press of Play), or near when the animation starts on its own.
  const live = (whenAsked ? playingByVisitor !== null : near) && !failed;
  return (
    <div className="lottie">
      <div ref={box} className="lottie__canvas" style={{ aspectRatio: `${ratio[0]} / ${ratio[1]}` }} aria-hidden="true">
        {live ? (
          <StillOnError still={stillImage}>
            <Suspense fallback={stillImage}>
              <Player
                ref={player}
                src={src}
                autoplay={playing}
                loop
                keepLastFrame
                renderer="svg"
                style={{ width: "100%", height: "100%" }}
                onEvent={(event) => {
                  if (failureEvents.includes(event)) setFailed(true);
                }}
              />
            </Suspense>
          </StillOnError>
        ) : (
          stillImage
        )}
      </div>
      {(live || (whenAsked && !failed)) && (
        // Not on hover or focus: a page scrolled under a resting mouse, or tabbed through, would fetch the player unasked.
        <button
          type="button"
          className="lottie__toggle"
          onClick={toggle}
          onPointerDown={whenAsked ? fetchPlayer : undefined}
          // The visible words first in the name (WCAG 2.5.3), then which animation, as the videos' buttons do.
          aria-label={name ? `${playing ? "Pause" : "Play"} animation: ${name}` : undefined}
        >
          {playing ? "Pause animation" : "Play animation"}
        </button>
      )}
    </div>
  );
}
