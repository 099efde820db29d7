import { describe, expect, it } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./FixedImage.tsx";

describe("fixed-image", () => {
  it("shows the page's fixed image as a decorative band", () => {
    const { container } = renderBlock(block, { page: page({ pageFixedImage: "/media/fixed.svg" }) });
    const band = container.querySelector(".fixed-image");
    expect(band).toHaveAttribute("aria-hidden", "true");
    // The stylesheet turns it into the band's background (src/ui/media.ts backgroundStyle); a drawing has no resized copies.
    expect((band as HTMLElement).style.getPropertyValue("--background")).toBe('url("/media/fixed.svg")');
    expect((band as HTMLElement).style.getPropertyValue("--background-narrow")).toBe("");
  });

  it("reads another image field, and renders nothing without an image", () => {
    const { container } = renderBlock(block, { page: page({ pageFixedImage1: "/media/one.svg" }), options: { field: "pageFixedImage1" } });
    expect(container.querySelector<HTMLElement>(".fixed-image")?.style.getPropertyValue("--background")).toBe('url("/media/one.svg")');
    const { container: empty } = renderBlock(block, { page: page({}) });
    expect(empty).toBeEmptyDOMElement();
  });
});
