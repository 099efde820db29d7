import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Video.tsx";

describe("video", () => {
  it("plays the video with its poster and English captions from documentPath", () => {
    const items = page({ contents: [wireItem("Videos", { title: "Showreel", image: "/media/poster.svg", video: "/media/reel.webm", documentPath: "/media/reel.en.vtt" })] }).contents;
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
