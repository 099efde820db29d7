/**
 * A Lottie animation through @lottiefiles/react-lottie-player. The player (with lottie-web's
 * light build, vite.config.ts: 49 kB gzip) is fetched only when the animation comes near the viewport; until then, if it
 * cannot load, and as the picture for assistive technology, the still stands in. Under
 * prefers-reduced-motion it does not start on its own; a pause/play control is always there,
 * since it loops (WCAG 2.2.2).
 */
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { Player as LottiePlayer } from "@lottiefiles/react-lottie-player";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { useReducedMotion } from "../../ui/motion.ts";

const Player = lazy(() => import("@lottiefiles/react-lottie-player").then((module) => ({ default: module.Player })));

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
  still: string | null;
  ratio: readonly [number, number];
}

export function LottieAnimation({ src, still, ratio }: LottieAnimationProps) {
  const box = useRef<HTMLDivElement>(null);
  const player = useRef<LottiePlayer>(null);
  const autoplay = !useReducedMotion();
  const [near, setNear] = useState(false);
  const [playingByVisitor, setPlaying] = useState<boolean | null>(null);
  const playing = playingByVisitor ?? autoplay;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
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
  }, []);

  const toggle = () => {
    if (playing) player.current?.pause();
    else player.current?.play();
    setPlaying(!playing);
  };

  const stillImage = still ? <ContentImage className="lottie__still" src={still} alt="" ratio={ratio} fit="contain" /> : null;
  const live = near && !failed;
  return (
    <div className="lottie">
      <div ref={box} className="lottie__canvas" style={{ aspectRatio: `${ratio[0]} / ${ratio[1]}` }} aria-hidden="true">
        {live ? (
          <StillOnError still={stillImage}>
            <Suspense fallback={stillImage}>
              <Player
                ref={player}
                src={src}
                autoplay={autoplay}
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
      {live && (
        <button type="button" className="lottie__toggle" onClick={toggle}>
          {playing ? "Pause animation" : "Play animation"}
        </button>
      )}
    </div>
  );
}
