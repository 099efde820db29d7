import { act, fireEvent, screen } from "@testing-library/react";
import { forwardRef, useImperativeHandle } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Media.tsx";
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

  it("shows the still until the animation comes near the viewport, then plays it, looping, with a pause control", async () => {
    motion(false);
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container } = renderBlock(block, { items: animation, title: "How we work" });
    expect(screen.queryByTestId("lottie")).toBeNull();
    expect(container.querySelector("img")).toHaveAttribute("src", "/media/network.png");
    expect(screen.getByText("Follow-the-sun delivery").closest("figure")).toHaveTextContent("Work keeps moving.");

    FakeObserver.last?.enter();
    const lottie = await screen.findByTestId("lottie");
    expect(lottie).toHaveAttribute("data-src", "/media/follow-the-sun.json");
    expect(lottie).toHaveAttribute("data-autoplay", "true");
    expect(lottie).toHaveAttribute("data-loop", "true");
    fireEvent.click(screen.getByRole("button", { name: "Pause animation" }));
    expect(player.pause).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Play animation" }));
    expect(player.play).toHaveBeenCalledTimes(1);
  });

  it("does not start the animation on its own under prefers-reduced-motion", async () => {
    motion(true);
    renderBlock(block, { items: animation });
    expect(await screen.findByTestId("lottie")).toHaveAttribute("data-autoplay", "false");
    expect(screen.getByRole("button", { name: "Play animation" })).toBeInTheDocument();
  });

  it("skips items with nothing to show", () => {
    const { container } = renderBlock(block, { items: page({ contents: [wireItem("Media", { image: "javascript:alert(1)" })] }).contents });
    expect(container).toBeEmptyDOMElement();
  });
});
