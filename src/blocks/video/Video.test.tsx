import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { blockElement, renderBlock } from "../../../tests/harness.tsx";
import { popupIds } from "./popupId.ts";
import { block } from "./Video.tsx";

const reel = (title: string) => wireItem("Videos", { title, image: "/media/poster.svg", video: "/media/reel.webm", documentPath: "/media/reel.en.vtt" });

/** jsdom does not play media: playing and pausing flip a flag and fire the events a browser fires. */
function fakePlayback() {
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    if (!playing.delete(this)) return;
    this.dispatchEvent(new Event("pause"));
  });
  return { play, pause, end: (video: HTMLMediaElement) => (playing.delete(video), fireEvent.ended(video)) };
}

/** An IntersectionObserver the test drives. */
class FakeObserver {
  static last: FakeObserver | undefined;
  target: Element | undefined;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.target = undefined;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  report(isIntersecting: boolean) {
    const target = this.target;
    if (!target) throw new Error("not observing");
    act(() => this.callback([{ isIntersecting, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("video", () => {
  it("plays the video with its poster and English captions from documentPath", () => {
    const items = page({ contents: [reel("Showreel")] }).contents;
    const { container } = renderBlock(block, { items });
    const video = container.querySelector("video");
    expect(video).toHaveAttribute("src", "/media/reel.webm");
    expect(video).toHaveAttribute("poster", "/media/poster.svg");
    expect(video).toHaveAttribute("controls");
    expect(container.querySelector("track")).toMatchObject({ kind: "captions", srclang: "en", label: "English" });
    expect(container.querySelector("track")).toHaveAttribute("src", "/media/reel.en.vtt");
  });

  it("skips items without a playable address", () => {
    const items = page({ contents: [wireItem("Videos", { video: "javascript:alert(1)" })] }).contents;
    const { container } = renderBlock(block, { items });
    expect(container).toBeEmptyDOMElement();
  });
});

describe("video, feature layout (the home video)", () => {
  const items = page({ contents: [reel("Corvane in 60 seconds")] }).contents;

  it("shows the poster with a play button and no controls, with English captions", () => {
    const { container } = renderBlock(block, { items, options: { layout: "feature" } });
    const video = container.querySelector("video");
    expect(video).toHaveAttribute("poster", "/media/poster.svg");
    expect(video).not.toHaveAttribute("controls");
    expect(container.querySelector("track")).toHaveAttribute("src", "/media/reel.en.vtt");
    expect(screen.getByRole("button", { name: "Play video: Corvane in 60 seconds" })).toBeInTheDocument();
  });

  it("play hides the play button and shows controls; pause and the end bring the button back and hide controls", () => {
    const playback = fakePlayback();
    const { container } = renderBlock(block, { items, options: { layout: "feature" } });
    const video = container.querySelector("video");
    if (!video) throw new Error("no video");
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    expect(playback.play).toHaveBeenCalledTimes(1);
    expect(video).toHaveAttribute("controls");
    expect(screen.queryByRole("button", { name: /Play video/ })).toBeNull();

    fireEvent.click(video);
    expect(playback.pause).toHaveBeenCalledTimes(1);
    expect(video).not.toHaveAttribute("controls");
    expect(screen.getByRole("button", { name: /Play video/ })).toBeInTheDocument();

    fireEvent.click(video);
    expect(playback.play).toHaveBeenCalledTimes(2);
    expect(video).toHaveAttribute("controls");

    playback.end(video);
    expect(video).not.toHaveAttribute("controls");
    expect(screen.getByRole("button", { name: /Play video/ })).toBeInTheDocument();
  });

  it("works before its code arrives: the server's HTML has the player's own controls, fetches nothing before play, and no play button that would ignore a tap", () => {
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(blockElement(block, { items, options: { layout: "feature" } }));
    const video = container.querySelector("video");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveAttribute("preload", "none");
    expect(video).toHaveAttribute("poster", "/media/poster.svg");
    expect(within(container).queryByRole("button", { name: /Play video/ })).toBeNull();
    container.remove();
  });

  it("once the code runs, shows the poster with the play button; a video the visitor started before keeps playing with its controls, its captions on", () => {
    const element = blockElement(block, { items, options: { layout: "feature" } });
    const playback = fakePlayback();
    // jsdom loads no caption file: the track as the browser lists it.
    const captions = { kind: "captions", mode: "disabled" };
    vi.spyOn(HTMLMediaElement.prototype, "textTracks", "get").mockReturnValue([captions] as unknown as TextTrackList);
    const idle = document.body.appendChild(document.createElement("div"));
    idle.innerHTML = renderToString(element);
    render(element, { container: idle, hydrate: true });
    expect(idle.querySelector("video")).not.toHaveAttribute("controls");
    expect(within(idle).getByRole("button", { name: "Play video: Corvane in 60 seconds" })).toBeInTheDocument();
    expect(captions.mode).toBe("disabled");

    const started = document.body.appendChild(document.createElement("div"));
    started.innerHTML = renderToString(element);
    const video = started.querySelector("video");
    if (!video) throw new Error("no video");
    // The visitor pressed the player's own play before the code arrived: the browser plays, React hears nothing of it.
    void video.play();
    render(element, { container: started, hydrate: true });
    expect(playback.pause).not.toHaveBeenCalled();
    expect(video).toHaveAttribute("controls");
    expect(within(started).queryByRole("button", { name: /Play video/ })).toBeNull();
    // Captions turn on with the first play: the play React never heard counts too.
    expect(captions.mode).toBe("showing");
  });

  it("pauses when scrolled out of view", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const playback = fakePlayback();
    const { container } = renderBlock(block, { items, options: { layout: "feature" } });
    fireEvent.click(screen.getByRole("button", { name: /Play video/ }));
    FakeObserver.last?.report(true);
    expect(playback.pause).not.toHaveBeenCalled();
    FakeObserver.last?.report(false);
    expect(playback.pause).toHaveBeenCalledTimes(1);
    expect(container.querySelector("video")).not.toHaveAttribute("controls");
  });
});

describe("video, popup layout (sample-video popups)", () => {
  // jsdom has <dialog> but not its modal methods; these behave as the browser's do for the test's purposes.
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  });

  const items = page({ contents: [reel("Investor Deck Sample"), reel("Sales  Pitch Sample")] }).contents;

  it("names each popup after its title, lowercased without spaces", () => {
    renderBlock(block, { items, options: { layout: "popup" } });
    const opener = screen.getByRole("button", { name: "Play video: Investor Deck Sample" });
    expect(opener).toHaveAttribute("aria-haspopup", "dialog");
    expect(opener).toHaveAttribute("aria-controls", "investordecksample");
    expect(document.getElementById("investordecksample")?.tagName).toBe("DIALOG");
    expect(document.getElementById("salespitchsample")).not.toHaveAttribute("open");
  });

  it("opening plays that video; the close button pauses it, closes the popup and returns focus", () => {
    const playback = fakePlayback();
    renderBlock(block, { items, options: { layout: "popup" } });
    const opener = screen.getByRole("button", { name: "Play video: Sales Pitch Sample" });
    fireEvent.click(opener);
    const dialog = document.getElementById("salespitchsample");
    if (!dialog) throw new Error("no popup");
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveAccessibleName("Sales Pitch Sample");
    expect(playback.play.mock.contexts).toEqual([dialog.querySelector("video")]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Close video" }));
    expect(dialog).not.toHaveAttribute("open");
    expect(playback.pause.mock.contexts).toEqual([dialog.querySelector("video")]);
    expect(opener).toHaveFocus();
  });
});

describe("popupIds", () => {
  it("lowercases the title and removes its spaces, keeping ids unique", () => {
    expect(popupIds(["Investor Deck Sample", "Training\tModule  Sample", "", "Investor deck sample"])).toEqual([
      "investordecksample",
      "trainingmodulesample",
      "video-3",
      "investordecksample-2",
    ]);
  });
});
