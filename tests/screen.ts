/**
 * A screen for tests of what depends on one: its width and height, touch and the visitor's
 * motion preference, as `matchMedia`, `innerWidth`/`innerHeight` and `navigator` report them
 * (jsdom has no `matchMedia` at all). The preference can change while a test runs, as a
 * visitor's system setting can.
 */
export interface ScreenOptions {
  width: number;
  height?: number;
  touch?: boolean;
  reducedMotion?: boolean;
}

interface FakeMediaQueryList {
  readonly media: string;
  readonly matches: boolean;
  onchange: ((event: MediaQueryListEvent) => void) | null;
  addEventListener(type: "change", listener: (event: MediaQueryListEvent) => void): void;
  removeEventListener(type: "change", listener: (event: MediaQueryListEvent) => void): void;
  addListener(listener: (event: MediaQueryListEvent) => void): void;
  removeListener(listener: (event: MediaQueryListEvent) => void): void;
  dispatchEvent(event: Event): boolean;
}

export interface FakeScreen {
  /** Changes the motion preference, telling every query list that listens. */
  setReducedMotion(reduced: boolean): void;
  /** How many `change` listeners are still registered on the screen's query lists. */
  listenerCount(): number;
  restore(): void;
}

function featureMatches(feature: string, value: string, state: Required<ScreenOptions>): boolean {
  const px = (text: string) => Number.parseFloat(text);
  switch (feature) {
    case "min-width":
      return state.width >= px(value);
    case "max-width":
      return state.width <= px(value);
    case "min-height":
      return state.height >= px(value);
    case "max-height":
      return state.height <= px(value);
    case "prefers-reduced-motion":
      return value === (state.reducedMotion ? "reduce" : "no-preference");
    case "any-pointer":
    case "pointer":
      return value === (state.touch ? "coarse" : "fine");
    case "any-hover":
    case "hover":
      return value === (state.touch ? "none" : "hover");
    case "orientation":
      return value === (state.width >= state.height ? "landscape" : "portrait");
    default:
      return false;
  }
}

/** Evaluates the media queries this site uses: `(feature: value)` terms joined by `and`, lists by commas. */
export function queryMatches(query: string, state: Required<ScreenOptions>): boolean {
  return query.split(",").some((alternative) =>
    alternative
      .split(/\band\b/)
      .map((term) => term.trim())
      .filter((term) => term !== "" && term !== "screen" && term !== "all")
      .every((term) => {
        const match = /^\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)$/.exec(term);
        return match?.[1] !== undefined && match[2] !== undefined && featureMatches(match[1], match[2], state);
      }),
  );
}

export function fakeScreen(options: ScreenOptions): FakeScreen {
  const state: Required<ScreenOptions> = { height: 900, touch: false, reducedMotion: false, ...options };
  const listeners = new Map<FakeMediaQueryList, Set<(event: MediaQueryListEvent) => void>>();
  const saved = {
    matchMedia: Object.getOwnPropertyDescriptor(window, "matchMedia"),
    innerWidth: Object.getOwnPropertyDescriptor(window, "innerWidth"),
    innerHeight: Object.getOwnPropertyDescriptor(window, "innerHeight"),
    maxTouchPoints: Object.getOwnPropertyDescriptor(window.navigator, "maxTouchPoints"),
  };

  const matchMedia = (media: string): FakeMediaQueryList => {
    const own = new Set<(event: MediaQueryListEvent) => void>();
    const list: FakeMediaQueryList = {
      media,
      get matches() {
        return queryMatches(media, state);
      },
      onchange: null,
      addEventListener: (_type, listener) => own.add(listener),
      removeEventListener: (_type, listener) => own.delete(listener),
      addListener: (listener) => own.add(listener),
      removeListener: (listener) => own.delete(listener),
      dispatchEvent: () => true,
    };
    listeners.set(list, own);
    return list;
  };

  Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: matchMedia });
  Object.defineProperty(window, "innerWidth", { configurable: true, get: () => state.width });
  Object.defineProperty(window, "innerHeight", { configurable: true, get: () => state.height });
  Object.defineProperty(window.navigator, "maxTouchPoints", { configurable: true, get: () => (state.touch ? 5 : 0) });

  const restoreProperty = (target: object, key: string, descriptor: PropertyDescriptor | undefined) => {
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else Reflect.deleteProperty(target, key);
  };

  return {
    setReducedMotion(reduced) {
      state.reducedMotion = reduced;
      for (const [list, own] of listeners) {
        if (!list.media.includes("prefers-reduced-motion")) continue;
        const event = { matches: list.matches, media: list.media } as MediaQueryListEvent;
        for (const listener of own) listener(event);
        list.onchange?.(event);
      }
    },
    listenerCount: () => [...listeners.values()].reduce((sum, own) => sum + own.size, 0),
    restore() {
      restoreProperty(window, "matchMedia", saved.matchMedia);
      restoreProperty(window, "innerWidth", saved.innerWidth);
      restoreProperty(window, "innerHeight", saved.innerHeight);
      restoreProperty(window.navigator, "maxTouchPoints", saved.maxTouchPoints);
    },
  };
}
