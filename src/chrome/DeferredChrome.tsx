/**
 * Chrome off the critical path: the floating contact shortcut and the footer. They start after
 * the first page (or not-found / error screen) has been painted, so they never delay content;
 * from then on they stay on every page. Their code is in the app's chunk (vite.config.ts): a file
 * of their own was one more request on a slow phone's six connections. The consent manager loads
 * only when a visitor answers the cookie question or opens Cookie Settings (./consent/loadConsent.ts).
 */
import { Component, type ReactNode } from "react";
import { useRuntime } from "../runtime/context.tsx";
import { useAfterFirstPaint } from "../runtime/Island.tsx";
import { useCurrentPage } from "../runtime/pageData.ts";
import { AfterContent } from "./AfterContent.tsx";

/** Chrome that fails to render is left out; the page stays. */
class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error("the footer and contact shortcut could not be shown:", error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function DeferredChrome() {
  const firstScreenShown = useCurrentPage((state) => state.status !== "loading");
  // A page the server rendered carries the footer in its HTML already.
  const started = useAfterFirstPaint(firstScreenShown, useRuntime().serverHtml === true);

  if (!started) return null;
  return (
    <LeaveOutOnError>
      <AfterContent />
    </LeaveOutOnError>
  );
}
