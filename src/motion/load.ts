/**
 * The way in to motion: downloads the engine (the browser does the animating) and, on devices that scroll
 * smoothly, Lenis, each in its own chunk, never part of a page's initial script.
 */
import type { MotionDevice } from "./device.ts";
import type { MotionController } from "./engine.ts";

export type { MotionController } from "./engine.ts";

export async function loadMotion(root: HTMLElement, device: MotionDevice): Promise<MotionController> {
  const [engine, smooth] = await Promise.all([import("./engine.ts"), device.smoothScroll ? import("./smoothScroll.ts") : null]);
  return engine.startMotion(root, device, smooth ? smooth.createSmoothScroll : null);
}
