/**
 * Builders of wire-shaped content (what the service sends) with overrides, for tests that
 * need a Page or an item without depending on the fixture files.
 */
import { PageSchema, contentTypeCodes, type ContentTypeName, type Page } from "../src/content/contract.ts";

export type WireItem = Record<string, unknown>;
export type WirePage = Record<string, unknown>;

let nextId = 1;

export function wireItem(type: ContentTypeName, overrides: WireItem = {}): WireItem {
  const id = nextId++;
  return {
    id,
    type: contentTypeCodes[type],
    title: `${type} item ${id}`,
    shortDesc: `<p>About ${type.toLowerCase()} item ${id}.</p>`,
    longDesc: null,
    image: `/media/${type.toLowerCase()}-${id}.svg`,
    tags: [],
    ...overrides,
  };
}

export function wirePage(overrides: WirePage = {}): WirePage {
  return {
    id: 4242,
    name: "Test-Page",
    title: "Test page | Corvane",
    heading: "A test page",
    shortDesc: "<p>Short description.</p>",
    longDesc: "<p>Long description.</p>",
    contents: [],
    conetentTemplates: [],
    carouselList: [],
    resources: {},
    ...overrides,
  };
}

/** A parsed Page, as components receive it. */
export function page(overrides: WirePage = {}): Page {
  return PageSchema.parse(wirePage(overrides));
}
