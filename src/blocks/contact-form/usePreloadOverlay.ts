import { useEffect, useRef, useState } from "react";

export type OverlayState = "hidden" | "shown" | "fading";

/** SPEC 4: the preload overlay shows while the request is sent, then fades out over `fadeMs`. */
export function usePreloadOverlay(fadeMs: number) {
  const [state, setState] = useState<OverlayState>("hidden");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    state,
    show() {
      clearTimeout(timer.current);
      setState("shown");
    },
    fadeOut() {
      setState("fading");
      timer.current = setTimeout(() => setState("hidden"), fadeMs);
    },
  };
}
