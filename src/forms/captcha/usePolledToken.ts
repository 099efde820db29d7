import { useEffect, useRef, type RefObject } from "react";
import type { CaptchaHandle } from "./types.ts";

interface PollOptions {
  /** Polling starts this long after `active` turns true (SPEC 4: a 500 ms wait). */
  startAfterMs: number;
  /** Then the widget is asked every `everyMs` (SPEC 4: 500 ms). */
  everyMs: number;
  active: boolean;
  /** Called when the token changes: solved, expired or started over. */
  onToken: (token: string) => void;
}

/** SPEC 4: the captcha is polled; it becomes verified when the widget returns a response token. */
export function usePolledToken(captcha: RefObject<CaptchaHandle | null>, { startAfterMs, everyMs, active, onToken }: PollOptions) {
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  });
  useEffect(() => {
    if (!active) return;
    let last = "";
    let interval: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      const token = captcha.current?.getResponse() ?? "";
      if (token === last) return;
      last = token;
      report.current(token);
    };
    const start = setTimeout(() => {
      poll();
      interval = setInterval(poll, everyMs);
    }, startAfterMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [captcha, active, startAfterMs, everyMs]);
}
