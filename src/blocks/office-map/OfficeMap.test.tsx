import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { placeBranches, telHref } from "./branches.ts";
import { defaultPins } from "./options.ts";
import { block } from "./OfficeMap.tsx";
import { mapFrame, toMap } from "./projection.ts";

const branch = (title: string, overrides: Record<string, unknown> = {}) =>
  wireItem("Branches", { title, location: `${title} office`, address: `1 ${title} Street`, phone: "+1 404 555 0142", shortDesc: null, image: null, ...overrides });

const branches = (...wire: Record<string, unknown>[]) => page({ contents: wire }).contents;

const atlanta = branch("atlanta", { location: "Atlanta, GA, USA", address: "1180 Peachtree Street NE, Atlanta, GA 30309", phone: "+1 404 555 0142" });
const tokyo = branch("tokyo", { location: "Tokyo, Japan", address: "1-8-1 Marunouchi, Chiyoda-ku", phone: "+81 3 6880 2410" });

describe("office map: pins (SPEC 2.7)", () => {
  it("shows a labelled pin button for every office the page has a branch for, where its city is", () => {
    renderBlock(block, { items: branches(atlanta, tokyo) });
    const pins = within(screen.getByRole("list", { name: "Offices" })).getAllByRole("button");
    expect(pins.map((pin) => pin.textContent)).toEqual(["Atlanta, GA", "Tokyo"]);
    const pin = defaultPins.find((p) => p.id === "Tokyo");
    if (!pin) throw new Error("no Tokyo pin");
    const { x, y } = toMap(pin.lat, pin.lon);
    const anchor = screen.getByRole("button", { name: "Tokyo" }).closest("li");
    expect(Number.parseFloat(anchor?.style.left ?? "")).toBeCloseTo((x / mapFrame.width) * 100, 2);
    expect(Number.parseFloat(anchor?.style.top ?? "")).toBeCloseTo((y / mapFrame.height) * 100, 2);
    expect(screen.getByRole("button", { name: "Tokyo" })).toHaveAttribute("aria-haspopup", "dialog");
  });

  it("opens a dialog named by the branch's location, with its address and a tel: link", async () => {
    renderBlock(block, { items: branches(atlanta, tokyo) });
    await userEvent.click(screen.getByRole("button", { name: "Atlanta, GA" }));
    const dialog = screen.getByRole("dialog", { name: "Atlanta, GA, USA" });
    expect(within(dialog).getByRole("heading", { name: "Atlanta, GA, USA" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("1180 Peachtree Street NE, Atlanta, GA 30309");
    expect(within(dialog).getByRole("link", { name: "+1 404 555 0142" })).toHaveAttribute("href", "tel:+14045550142");
  });

  it("closes with Escape, the close button or a click on the backdrop, giving focus back to the pin", async () => {
    renderBlock(block, { items: branches(atlanta, tokyo) });
    const pin = screen.getByRole("button", { name: "Tokyo" });

    await userEvent.click(pin);
    expect(screen.getByRole("dialog", { name: "Tokyo, Japan" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(pin).toHaveFocus();

    await userEvent.click(pin);
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(pin).toHaveFocus();

    await userEvent.click(pin);
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("heading"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(pin).toHaveFocus();
  });

  it("is usable from the keyboard", async () => {
    renderBlock(block, { items: branches(atlanta, tokyo) });
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Atlanta, GA" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Atlanta, GA, USA" })).toBeInTheDocument();
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Atlanta, GA" })).toHaveFocus();
  });
});

describe("office map: branches and pins that do not match", () => {
  it("matches a branch title to a pin id loosely", () => {
    const { placed, unplaced } = placeBranches(defaultPins, branches(branch(" New York "), branch("NEW_YORK")));
    expect(placed.map((entry) => entry.pin.id)).toEqual(["New York NY"]);
    expect(unplaced).toHaveLength(1);
  });

  it("puts a pin for each of SPEC 2.7's ten offices when the branches are titled with SPEC's names", () => {
    const spec = ["Atlanta GA", "Chanhassen MN", "Chennai", "Colombo", "Manila", "New York NY", "Phoenix", "Portland OR", "Trivandrum", "Tokyo"];
    renderBlock(block, { items: branches(...spec.map((title) => branch(title))) });
    expect(within(screen.getByRole("list", { name: "Offices" })).getAllByRole("button")).toHaveLength(10);
    expect(screen.queryByRole("heading", { level: 3 })).toBeNull();
  });

  it.each([
    ["atlanta", "Atlanta GA"],
    ["Atlanta, GA", "Atlanta GA"],
    ["ATLANTA-GA", "Atlanta GA"],
    ["new-york", "New York NY"],
    ["New York, NY", "New York NY"],
    ["portland_or", "Portland OR"],
    ["Chennai", "Chennai"],
  ])("places a branch titled %j on the %s pin", (title, pinId) => {
    const { placed, unplaced } = placeBranches(defaultPins, branches(branch(title)));
    expect(placed.map((entry) => entry.pin.id)).toEqual([pinId]);
    expect(unplaced).toEqual([]);
  });

  it("does not take a different city, or a different state, for an office", () => {
    const { placed } = placeBranches(defaultPins, branches(branch("New"), branch("York"), branch("Atlanta TX"), branch("Portland ME")));
    expect(placed).toEqual([]);
  });

  it("leaves pins without a branch off the map, and lists branches without a pin under it", () => {
    renderBlock(block, { items: branches(atlanta, branch("london", { location: "London, UK", address: "1 Poultry", phone: "+44 20 7946 0018" })) });
    expect(within(screen.getByRole("list", { name: "Offices" })).getAllByRole("button").map((pin) => pin.textContent)).toEqual(["Atlanta, GA"]);
    const london = screen.getByRole("heading", { level: 3, name: "London, UK" }).closest("li");
    expect(london).toHaveTextContent("1 Poultry");
    expect(within(london ?? document.body).getByRole("link", { name: "+44 20 7946 0018" })).toHaveAttribute("href", "tel:+442079460018");
  });

  it("shows no map when no branch has a pin, only the list", () => {
    const { container } = renderBlock(block, { items: branches(branch("london")) });
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByRole("list", { name: "Offices" })).toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "london office" })).toBeInTheDocument();
  });

  it("takes its pins from the layout's options", async () => {
    renderBlock(block, { items: branches(branch("london", { location: "London, UK" })), options: { pins: [{ id: "london", label: "London", lat: 51.5072, lon: -0.1276 }] } });
    await userEvent.click(screen.getByRole("button", { name: "London" }));
    expect(screen.getByRole("dialog", { name: "London, UK" })).toBeInTheDocument();
  });

  it("shows hostile content as text and never links a phone number anywhere but tel:", async () => {
    renderBlock(block, { items: branches(branch("tokyo", { location: "<img src=x onerror=alert(1)>Tokyo", address: "<script>alert(1)</script>Marunouchi", phone: "javascript:alert(1)" })) });
    await userEvent.click(screen.getByRole("button", { name: "Tokyo" }));
    const dialog = screen.getByRole("dialog", { name: "Tokyo" });
    expect(dialog.querySelector("img, script")).toBeNull();
    expect(dialog).toHaveTextContent("javascript:alert(1)");
    expect(within(dialog).queryByRole("link")).toBeNull();
    expect(telHref("call us on 12345")).toBeNull();
    expect(telHref("+1 (404) 555-0142")).toBe("tel:+14045550142");
    expect(telHref("044 4012 7700")).toBe("tel:04440127700");
  });
});
