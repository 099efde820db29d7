/**
 * The browser's animations as jsdom lacks them (`element.animate`): each is recorded with its
 * keyframes and can be finished or cancelled, as the browser's would be. Like the browser's, it
 * writes no inline style. `install()` puts it on Element.prototype, `restore()` takes it away.
 */
export interface PlayedAnimation {
  element: Element;
  keyframes: Keyframe[];
  state: "running" | "finished" | "cancelled";
}

export function fakeAnimations() {
  const played: PlayedAnimation[] = [];
  function animate(this: Element, keyframes: Keyframe[] | PropertyIndexedKeyframes | null): Animation {
    const record: PlayedAnimation = { element: this, keyframes: Array.isArray(keyframes) ? keyframes : [], state: "running" };
    played.push(record);
    const listeners: Record<string, (() => void)[]> = {};
    const end = (state: "finished" | "cancelled") => {
      if (record.state !== "running") return;
      record.state = state;
      for (const listener of listeners[state === "finished" ? "finish" : "cancel"] ?? []) listener();
    };
    return {
      addEventListener: (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
      finish: () => end("finished"),
      cancel: () => end("cancelled"),
    } as unknown as Animation;
  }
  return {
    played,
    running: () => played.filter((animation) => animation.state === "running"),
    finishAll: () => {
      for (const animation of played) if (animation.state === "running") animation.state = "finished";
    },
    install: () => {
      Element.prototype.animate = animate;
    },
    restore: () => {
      Reflect.deleteProperty(Element.prototype, "animate");
    },
  };
}
