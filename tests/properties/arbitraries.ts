/**
 * Pages for the properties, derived from the content contract rather than written out: the
 * generator walks the shape of a fixture page file (tools/authoring/fixturePageSchema.ts, itself read
 * from src/content/contract.ts), so a field added to the contract is generated on the next run.
 * Strings come from the fixtures' own values for the same key (so tags, links, template names
 * and page names meet real layouts and filters), hostile markup from the XSS corpus, empty and
 * 5,000-character text; lists are short or extreme (60-120 entries).
 *
 * (zod-fast-check would derive arbitraries from zod schemas, but it supports zod 3 and
 * fast-check 3 only; this project has zod 4 and fast-check 4.)
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { fixturePageShape, type SchemaShape } from "../../tools/authoring/fixturePageSchema.ts";
import { contentTypeCodes } from "../../src/content/contract.ts";
import { xssSample } from "../xss.ts";
import { fixtureAddress, fixturePageNames, pageAddresses } from "./render.ts";

type JsonObject = Record<string, unknown>;

const fixtures: Record<string, JsonObject> = Object.fromEntries(fixturePageNames().map((name) => [name, JSON.parse(readFileSync(`fixtures/pages/${name}.json`, "utf8")) as JsonObject]));

/** Values the fixtures hold, by the key they are held under. */
const vocabulary = new Map<string, { strings: Set<string>; numbers: Set<number> }>();
function collect(value: unknown, key: string) {
  if (Array.isArray(value)) for (const entry of value) collect(entry, key);
  else if (typeof value === "object" && value !== null) for (const [inner, entry] of Object.entries(value)) collect(entry, inner);
  else if (typeof value === "string" || typeof value === "number") {
    const words = vocabulary.get(key) ?? { strings: new Set(), numbers: new Set() };
    if (typeof value === "string") words.strings.add(value);
    else words.numbers.add(value);
    vocabulary.set(key, words);
  }
}
for (const page of Object.values(fixtures)) collect(page, "");

export const hostile = xssSample(53);
const words = "Corvane delivers creative production, automation and managed operations across regions ".repeat(60);
/** 5,000 characters: of words (a title cut at a word), and of one unbroken run (no word to cut at). */
export const huge = [words.slice(0, 5000), "W".repeat(5000)];
/** Content types the contract knows, and some it does not. */
const typeCodes = [...Object.values(contentTypeCodes), 0, 16, 99, -1];

const stringFor = (key: string | undefined): fc.Arbitrary<string> => {
  const known = [...(key === undefined ? [] : (vocabulary.get(key)?.strings ?? []))];
  return fc.oneof(
    { weight: known.length > 0 ? 6 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant("") },
    { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: fc.constantFrom(...hostile) },
    { weight: 1, arbitrary: fc.constantFrom(...huge) },
  );
};

const numberFor = (key: string | undefined): fc.Arbitrary<number> => {
  const known = [...(key === undefined ? [] : (vocabulary.get(key)?.numbers ?? [])), ...(key === "type" || key === "contentType" ? typeCodes : [])];
  return fc.oneof(
    { weight: known.length > 0 ? 6 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: -10, max: 100_000 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, 0.5) },
  );
};

/** An arbitrary of the values a shape allows; `key` is the field it is generated for (for its vocabulary). */
export function arbitraryOf(shape: SchemaShape, key?: string): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case "string":
      return stringFor(key);
    case "number":
      return numberFor(key);
    case "integer":
      return fc.integer({ min: shape.min, max: 2 ** 31 - 1 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "unknown":
      return fc.oneof(stringFor(key), fc.integer(), fc.constant(null));
    case "nullable":
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: arbitraryOf(shape.inner, key) });
    case "array": {
      const element = arbitraryOf(shape.element, key);
      return fc.oneof({ weight: 12, arbitrary: fc.array(element, { maxLength: 8 }) }, { weight: 1, arbitrary: fc.array(element, { minLength: 60, maxLength: 120 }) });
    }
    case "union":
      return fc.oneof(...shape.options.map((option) => arbitraryOf(option, key)));
    case "record":
      return fc.dictionary(stringFor(`${key ?? ""}.key`).filter((name) => name !== "__proto__"), arbitraryOf(shape.value, key), { maxKeys: 4 });
    case "object": {
      const fields = Object.fromEntries(Object.entries(shape.fields).map(([name, field]) => [name, arbitraryOf(field.shape, name)]));
      const required = Object.entries(shape.fields).flatMap(([name, field]) => (field.required ? [name] : []));
      return fc.record(fields, { requiredKeys: required });
    }
  }
}
// Resource keys: the keys fixtures use under `resources`.
vocabulary.set("resources.key", { strings: new Set(Object.values(fixtures).flatMap((page) => Object.keys((page.resources as JsonObject | null) ?? {}))), numbers: new Set() });

/** A page generated from the contract, at one of the site's addresses (every layout is reached). */
export const generatedPage: fc.Arbitrary<{ address: string; page: JsonObject }> = fc.record({
  address: fc.constantFrom(...pageAddresses),
  page: arbitraryOf(fixturePageShape) as fc.Arbitrary<JsonObject>,
});

/** What a mutation does to the place it lands on. */
const mutations = ["missing", "null", "empty", "huge", "hostile", "unknown type", "unknown tag", "many"] as const;
type Mutation = (typeof mutations)[number];

/** Every (container, key) of a page below its top level's id and name, depth first. */
function places(value: unknown, out: [JsonObject | unknown[], string | number][] = [], top = true): [JsonObject | unknown[], string | number][] {
  if (Array.isArray(value)) value.forEach((entry, index) => (out.push([value, index]), places(entry, out, false)));
  else if (typeof value === "object" && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (top && (key === "id" || key === "name" || key === "$schema")) continue;
      out.push([value as JsonObject, key]);
      places(entry, out, false);
    }
  }
  return out;
}

function mutate(page: JsonObject, edits: { at: number; kind: Mutation; pick: number }[]): JsonObject {
  const copy = structuredClone(page);
  for (const { at, kind, pick } of edits) {
    const all = places(copy);
    const place = all[at % Math.max(all.length, 1)];
    if (!place) continue;
    const [container, key] = place;
    const get = () => (Array.isArray(container) ? container[key as number] : container[key as string]);
    const set = (value: unknown) => {
      if (Array.isArray(container)) container[key as number] = value;
      else container[key as string] = value;
    };
    const value = get();
    const item = Array.isArray(container) ? (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined) : container;
    switch (kind) {
      case "missing":
        if (Array.isArray(container)) container.splice(key as number, 1);
        else Reflect.deleteProperty(container, key);
        break;
      case "null":
        if (!Array.isArray(container)) set(null);
        break;
      case "empty":
        set(typeof value === "string" ? "" : Array.isArray(value) ? [] : typeof value === "object" && value !== null ? {} : value);
        break;
      case "huge":
        set(typeof value === "string" || value === null ? huge[pick % huge.length] : typeof value === "number" ? Number.MAX_SAFE_INTEGER : value);
        break;
      case "hostile":
        if (typeof value === "string" || value === null) set(hostile[pick % hostile.length]);
        break;
      case "unknown type":
        if (item && ("type" in item || "contentType" in item)) item["contentType" in item ? "contentType" : "type"] = typeCodes[pick % typeCodes.length];
        break;
      case "unknown tag":
        if (item && ("title" in item || "type" in item)) item.tags = pick % 2 ? [`NO-SUCH-TAG-${pick}`] : `NO-SUCH-TAG-${pick}, ${typeof item.tags === "string" ? item.tags : ""}`;
        break;
      case "many":
        if (Array.isArray(value) && value.length > 0) {
          const entries: unknown[] = value;
          set(Array.from({ length: 60 + (pick % 60) }, (_, index) => structuredClone(entries[index % entries.length])));
        }
        break;
    }
  }
  return copy;
}

/** A fixture page with a few mutations, at the address that shows it. */
export const mutatedFixturePage: fc.Arbitrary<{ address: string; page: JsonObject }> = fc
  .record({
    name: fc.constantFrom(...Object.keys(fixtures)),
    edits: fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom(...mutations), pick: fc.nat({ max: 1000 }) }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ name, edits }) => ({ address: fixtureAddress(name), page: mutate(fixtures[name] ?? {}, edits) }));
