import { describe, expect, it } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./FixedImage.tsx";

describe("fixed-image", () => {
  it("shows the page's fixed image as a decorative band", () => {
    const { container } = renderBlock(block, { page: page({ pageFixedImage: "/media/fixed.svg" }) });
    const band = container.querySelector(".fixed-image");
    expect(band).toHaveAttribute("aria-hidden", "true");
    expect(band).toHaveStyle({ backgroundImage: 'url("/media/fixed.svg")' });
  });

  it("reads another image field, and renders nothing without an image", () => {
    const { container } = renderBlock(block, { page: page({ pageFixedImage1: "/media/one.svg" }), options: { field: "pageFixedImage1" } });
    expect(container.querySelector(".fixed-image")).toHaveStyle({ backgroundImage: 'url("/media/one.svg")' });
    const { container: empty } = renderBlock(block, { page: page({}) });
    expect(empty).toBeEmptyDOMElement();
  });
});
