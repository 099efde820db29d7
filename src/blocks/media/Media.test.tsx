import { act, fireEvent, screen } from "@testing-library/react";
import { forwardRef, useImperativeHandle } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Media.tsx";
import { serveMediaThroughSite } from "../../ui/media.ts";
import { mediaFiles } from "./mediaFiles.ts";

const player = vi.hoisted(() => ({ play: vi.fn(), pause: vi.fn() }));

// lottie-web needs a canvas-capable browser; the stand-in shows what the player was asked to do.
vi.mock("@lottiefiles/react-lottie-player", () => ({
  Player: forwardRef<unknown, { src: string; autoplay?: boolean; loop?: boolean }>(function Player(props, ref) {
    useImperativeHandle(ref, () => player);
    return <div data-testid="lottie" data-src={props.src} data-autoplay={String(props.autoplay)} data-loop={String(props.loop)} />;
  }),
}));

class FakeObserver {
  static last: FakeObserver | undefined;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  enter() {
    act(() => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

function motion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  player.play.mockClear();
  player.pause.mockClear();
});

const animation = page({
  contents: [wireItem("Media", { title: "Follow-the-sun delivery", shortDesc: "<p>Work keeps moving.</p>", image: "/media/network.png", video: "/media/follow-the-sun.json" })],
}).contents;

describe("media", () => {
  it("finds the Lottie file in whichever field holds it, and a picture as its still", () => {
    const [item] = animation;
    if (!item) throw new Error("no item");
    expect(mediaFiles(item)).toEqual({ animation: "/media/follow-the-sun.json", still: "/media/network.png" });
    const [plain] = page({ contents: [wireItem("Media", { image: "/media/photo.jpg" })] }).contents;
    if (!plain) throw new Error("no item");
    expect(mediaFiles(plain)).toEqual({ animation: null, still: "/media/photo.jpg" });
  });

  it("shows the still with a Play button, and fetches the player only when the visitor presses it, then plays it looping, with a pause control", async () => {
    motion(false);
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container } = renderBlock(block, { items: animation, title: "How we work" });
    expect(container.querySelector("img")).toHaveAttribute("src", "/media/network.png");
    expect(screen.getByText("Follow-the-sun delivery").closest("figure")).toHaveTextContent("Work keeps moving.");
    // Coming near the viewport is not asking.
    FakeObserver.last?.enter();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId("lottie")).toBeNull();

    // Named by its item, as several animations on a page would otherwise have the same button.
    fireEvent.click(screen.getByRole("button", { name: "Play animation: Follow-the-sun delivery" }));
    const lottie = await screen.findByTestId("lottie");
    expect(lottie).toHaveAttribute("data-src", "/media/follow-the-sun.json");
    expect(lottie).toHaveAttribute("data-autoplay", "true");
    expect(lottie).toHaveAttribute("data-loop", "true");
    fireEvent.click(screen.getByRole("button", { name: "Pause animation: Follow-the-sun delivery" }));
    expect(player.pause).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: /^Play animation/ }));
    expect(player.play).toHaveBeenCalledTimes(1);
  });

  it("plays on a press under prefers-reduced-motion too: the visitor asked", async () => {
    motion(true);
    renderBlock(block, { items: animation });
    fireEvent.click(screen.getByRole("button", { name: /^Play animation/ }));
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-autoplay", "true");
  });

  it("with play: when-near, starts on its own as it comes near, except under prefers-reduced-motion", async () => {
    motion(false);
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { unmount } = renderBlock(block, { items: animation, options: { play: "when-near" } });
    expect(screen.queryByRole("button")).toBeNull();
    FakeObserver.last?.enter();
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-autoplay", "true");
    expect(screen.getByRole("button", { name: /^Pause animation/ })).toBeInTheDocument();
    unmount();

    motion(true);
    renderBlock(block, { items: animation, options: { play: "when-near" } });
    FakeObserver.last?.enter();
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-autoplay", "false");
    expect(screen.getByRole("button", { name: /^Play animation/ })).toBeInTheDocument();
  });

  it("without a still, or when the still cannot load, starts on its own as it comes near", async () => {
    motion(false);
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    // An animation on another host: the site's server draws no still of it.
    const elsewhere = page({ contents: [wireItem("Media", { image: "", video: "https://cdn.example/sun.json" })] }).contents;
    const { unmount } = renderBlock(block, { items: elsewhere });
    FakeObserver.last?.enter();
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-src", "https://cdn.example/sun.json");
    unmount();

    const { container } = renderBlock(block, { items: animation });
    const still = container.querySelector("img");
    if (!still) throw new Error("no still");
    fireEvent.error(still);
    FakeObserver.last?.enter();
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-autoplay", "true");
  });

  it("on a server-made page, shows the frame the site's server draws of an animation that has no picture", () => {
    serveMediaThroughSite(true);
    try {
      const [item] = page({ contents: [wireItem("Media", { image: "/media/sun.json" })] }).contents;
      if (!item) throw new Error("no item");
      expect(mediaFiles(item)).toEqual({ animation: "/media/sun.json", still: "/media/sun.json.still.svg" });
      const { container } = renderBlock(block, { items: [item] });
      expect(container.querySelector("img")).toHaveAttribute("src", "/_media/media/sun.json.still.svg");
      expect(screen.getByRole("button", { name: /^Play animation/ })).toBeInTheDocument();
      // With a query, or on another host, the address is not one the server draws.
      const [queried] = page({ contents: [wireItem("Media", { image: "/media/sun.json?v=2" })] }).contents;
      if (!queried) throw new Error("no item");
      expect(mediaFiles(queried).still).toBeNull();
    } finally {
      serveMediaThroughSite(false);
    }
  });

  it("skips items with nothing to show", () => {
    const { container } = renderBlock(block, { items: page({ contents: [wireItem("Media", { image: "javascript:alert(1)" })] }).contents });
    expect(container).toBeEmptyDOMElement();
  });
});
