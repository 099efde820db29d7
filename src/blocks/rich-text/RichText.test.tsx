import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./RichText.tsx";

describe("rich-text", () => {
  it("shows the page's long description, sanitized, under the slot's title", () => {
    renderBlock(block, { page: page({ longDesc: "<h3>Why us</h3><p onclick='x()'>Because.</p><script>alert(1)</script>" }), title: "Overview" });
    expect(screen.getByRole("region", { name: "Overview" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Why us" })).toBeInTheDocument();
    expect(screen.getByText("Because.")).not.toHaveAttribute("onclick");
    expect(document.querySelector("script")).toBeNull();
  });

  it("reads another page field when the layout says so", () => {
    renderBlock(block, { page: page({ desc: "<p>From desc.</p>" }), options: { field: "desc" } });
    expect(screen.getByText("From desc.")).toBeInTheDocument();
  });

  it("renders nothing when the field is empty", () => {
    const { container } = renderBlock(block, { page: page({ longDesc: "   " }) });
    expect(container).toBeEmptyDOMElement();
  });
});
