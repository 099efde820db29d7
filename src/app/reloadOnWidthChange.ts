/**
 * SPEC 4 "Window width change": the page reloads, laid out afresh for its new width (the motion
 * a device gets is decided by width). Only the width counts: a height change (a mobile address
 * bar showing or hiding, a window made taller) never reloads, and neither does the first layout
 * or a pinch zoom. Dragging a window's edge reloads once, after the drag stops.
 */
export const widthChangeDebounceMs = 300;

const reloadPage = () => window.location.reload();

/** Watches for a width change from now on; returns the stop. */
export function reloadOnWidthChange(reload: () => void = reloadPage): () => void {
  // The width the page was laid out for, read once the browser has laid it out (a resize observer's
  // first report): read as the page's effects start, right after React wrote to the page, it made
  // the browser lay the page out in that task.
  let laidOutFor: number | null = null;
  const measured = () => (laidOutFor ??= window.innerWidth);
  let firstLayout: ResizeObserver | null = null;
  if (typeof ResizeObserver === "function") {
    firstLayout = new ResizeObserver(() => {
      measured();
      firstLayout?.disconnect();
    });
    firstLayout.observe(document.documentElement);
  } else {
    measured();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const zoomedIn = (window.visualViewport?.scale ?? 1) > 1;
      if (laidOutFor !== null && window.innerWidth !== laidOutFor && !zoomedIn) reload();
      measured();
    }, widthChangeDebounceMs);
  };
  window.addEventListener("resize", onResize);
  return () => {
    window.removeEventListener("resize", onResize);
    firstLayout?.disconnect();
    clearTimeout(timer);
  };
}
