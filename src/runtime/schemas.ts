/**
 * Schemas of the configuration files a layout author edits: registry/blocks.json,
 * registry/templates.json, registry/routes.json and layouts/*.json.
 *
 * These zod schemas are the single source: the runtime parses with them, `check:layouts`
 * reports their issues with file and JSON path, and the JSON Schemas under registry/
 * (editor autocompletion) are generated from them.
 */
import * as z from "zod/mini";
import { contentTypeNames, pageImageFields } from "../content/contract.ts";
import { suggest } from "./suggest.ts";
import { TextSourceSchema } from "./textSource.ts";

const describe = (description: string) => z.meta({ description });

export const slotIdPattern = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const SlotIdSchema = z
  .string()
  .check(z.regex(slotIdPattern, "a slot id is lower-case words joined by '-' (e.g. \"ppl-icons-1\")"));

const nonEmpty = z.string().check(z.trim(), z.minLength(1, "must not be empty"));

export const ContentTypeNameSchema = z.enum(contentTypeNames, {
  error: (issue) =>
    `expected one of ${contentTypeNames.join(", ")}, got ${JSON.stringify(issue.input)}${didYouMean(issue.input, contentTypeNames)}`,
});

function didYouMean(input: unknown, options: readonly string[]): string {
  const guess = typeof input === "string" ? suggest(input, options) : undefined;
  return guess ? ` (did you mean "${guess}"?)` : "";
}

/** An enum of names whose error says what was given and what was probably meant. */
function namedEnum(kind: string, names: readonly [string, ...string[]]) {
  return z.enum(names, {
    error: (issue) => `unknown ${kind} ${JSON.stringify(issue.input)}${didYouMean(issue.input, names)}`,
  });
}

// ---------------------------------------------------------------- registry/blocks.json

export const BlockEntrySchema = z
  .strictObject({
    description: z.string().check(describe("What the block shows, for layout authors.")),
    consumes: z
      .array(ContentTypeNameSchema)
      .check(
        describe(
          "Content types the block shows. Slots of this block must select items of these types; [] means the block reads page fields only and takes no `items`.",
        ),
      ),
    critical: z
      .boolean()
      .check(
        describe(
          "Loaded before the page's content shows (above-the-fold blocks). Other blocks load right after, so their code never delays first content.",
        ),
      ),
    interactive: z
      .boolean()
      .check(
        describe(
          "A visitor can operate the block beyond following its links (state, handlers, sliders, forms, players). A block that is not needs no script in the browser once the server rendered it.",
        ),
      ),
    loadsWhenReached: z.optional(
      z
        .boolean()
        .check(
          describe(
            "Its code is asked for only when the visitor reaches into its section (pointer or finger down, keyboard focus), not as it comes near: the server's HTML works without it until then (a form posts without script).",
          ),
        ),
    ),
    module: z.string().check(describe("The block's component module under src/blocks/.")),
  })
  .check(describe("A block the runtime can mount."));

/** registry/blocks.json: generated from the block folders by `npm run generate`, never edited. */
export const BlockRegistryFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  $comment: z.optional(z.string()),
  blocks: z.record(
    z.string().check(z.regex(slotIdPattern, "a block name is lower-case words joined by '-'")),
    BlockEntrySchema,
  ),
});
export type BlockRegistryFile = z.output<typeof BlockRegistryFileSchema>;

// ---------------------------------------------------------------- layouts/*.json

export const ItemFilterSchema = z
  .strictObject({
    from: z.optional(
      z
        .enum(["contents", "carouselList"])
        .check(describe("Which list of the page to read: `contents` (default) or `carouselList`.")),
    ),
    type: z.optional(
      z
        .union([ContentTypeNameSchema, z.array(ContentTypeNameSchema).check(z.minLength(1))])
        .check(describe("Content type(s) to keep.")),
    ),
    tags: z.optional(
      z.array(nonEmpty).check(z.minLength(1), describe("Keep items carrying any of these tags (any case).")),
    ),
    excludeTags: z.optional(
      z.array(nonEmpty).check(z.minLength(1), describe("Drop items carrying any of these tags (any case).")),
    ),
    titleIn: z.optional(
      z
        .array(nonEmpty)
        .check(z.minLength(1), describe("Keep items whose title equals one of these (any case, spaces collapsed).")),
    ),
    titleExcludes: z.optional(
      z.array(nonEmpty).check(z.minLength(1), describe("Drop items whose title contains any of these (any case).")),
    ),
    limit: z.optional(z.number().check(z.int(), z.positive(), describe("Keep at most this many items."))),
  })
  .check(describe("Which of the page's items the slot's block shows. A slot that selects nothing renders nothing."));
export type ItemFilter = z.output<typeof ItemFilterSchema>;

export const SlotTitleSchema = TextSourceSchema.check(
  describe("The section heading: a text resource (`{ \"resource\": \"KEY\" }`) or a page field (`{ \"field\": \"heading1\" }`)."),
);
export type SlotTitle = z.output<typeof SlotTitleSchema>;

export function slotSchema(blockNames: readonly [string, ...string[]]) {
  return z
    .strictObject({
      id: SlotIdSchema.check(
        describe("Stable id of the slot: its React key, and the handle patches and error messages use."),
      ),
      block: z.optional(namedEnum("block", blockNames).check(describe("The registered block to mount."))),
      templates: z.optional(
        z
          .literal(true)
          .check(describe("Mount the page's `conetentTemplates` here, through registry/templates.json.")),
      ),
      items: z.optional(ItemFilterSchema),
      options: z.optional(
        z.record(z.string(), z.unknown()).check(describe("Options of the block (see the block's schema).")),
      ),
      title: z.optional(SlotTitleSchema),
      background: z.optional(
        z.enum(pageImageFields).check(describe("A page image field shown as the section's background.")),
      ),
      after: z.optional(SlotIdSchema.check(describe("With `extends`: insert this new slot after that base slot."))),
      before: z.optional(
        SlotIdSchema.check(describe("With `extends`: insert this new slot before that base slot.")),
      ),
      remove: z.optional(z.literal(true).check(describe("With `extends`: drop this base slot."))),
    })
    .check(
      describe(
        "A slot: a block and the items it shows. With `extends`, an entry whose id is a base slot patches that slot (fields merge, `items` and `options` key by key).",
      ),
    );
}
export type SlotEntry = z.output<ReturnType<typeof slotSchema>>;

/**
 * Settings of the page as a whole (not of one slot). Each is inherited through `extends`; a
 * layout overrides its base's value by giving its own (`null` clears `pinnedBackground`).
 */
const LayoutSettingsShape = {
  refreshAfterLoad: z.optional(
    z
      .boolean({ error: (issue) => `expected true or false, got ${JSON.stringify(issue.input)}` })
      .check(
        describe(
          "Re-measure the scroll-triggered animations 100 ms, 1 s, 2 s and 3 s after the page shows (SPEC 4 \"layout refresh timers\"): for pages whose height settles after load, e.g. with carousels or pinned images. Default false.",
        ),
      ),
  ),
  pinnedBackground: z.optional(
    z
      .nullable(
        z.enum(pageImageFields, {
          error: (issue) =>
            `expected a page image field (${pageImageFields.join(", ")}) or null, got ${JSON.stringify(issue.input)}${didYouMean(issue.input, pageImageFields)}`,
        }),
      )
      .check(
        describe(
          "The page image field shown as the page's pinned (fixed) background. On every page change the page is marked pinned (`data-pinned-background` on <html>) when it has this image, else unmarked; the fixed-image band stays put only on a marked page. Default: none.",
        ),
      ),
  ),
};

export function layoutFileSchema(blockNames: readonly [string, ...string[]]) {
  return z.strictObject({
    $schema: z.optional(z.string()),
    description: z.optional(z.string().check(describe("What this layout is for."))),
    extends: z.optional(
      nonEmpty.check(describe("Start from another layout (file name without .json), e.g. \"default\".")),
    ),
    ...LayoutSettingsShape,
    slots: z.array(slotSchema(blockNames)).check(describe("The page's slots, top to bottom.")),
  });
}
export type LayoutFile = z.output<ReturnType<typeof layoutFileSchema>>;

// ---------------------------------------------------------------- registry/templates.json

export function templateRegistryFileSchema(blockNames: readonly [string, ...string[]]) {
  return z.strictObject({
    $schema: z.optional(z.string()),
    templates: z.record(
      nonEmpty,
      z.strictObject({
        description: z.optional(z.string()),
        block: namedEnum("block", blockNames).check(describe("Block that shows items of this template.")),
        options: z.optional(
          z
            .record(z.string(), z.unknown())
            .check(describe("Default options; a template's `templateOptions` override them key by key.")),
        ),
        title: z.optional(SlotTitleSchema),
      }),
    ),
  });
}
export type TemplateRegistryFile = z.output<ReturnType<typeof templateRegistryFileSchema>>;

// ---------------------------------------------------------------- registry/routes.json

const routePathPattern = /^\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)?(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*))*$/;

/** A route name code addresses the route by (`pathTo("caseStudy", slug)`): a camelCase word. */
export const routeNamePattern = /^[a-z][A-Za-z0-9]*$/;

export const RouteEntrySchema = z
  .strictObject({
    name: z.optional(
      z
        .string()
        .check(
          z.regex(routeNamePattern, "a route name is a camelCase word, e.g. \"caseStudy\""),
          describe(
            "The name code links to this route by (`pathTo(\"caseStudy\", slug)` in src/content/paths.ts), unique in the table. `npm run generate` writes the named routes to src/content/routePaths.generated.ts.",
          ),
        ),
    ),
    path: z
      .string()
      .check(
        z.regex(routePathPattern, "a route path starts with '/' and has plain segments or ':params'"),
        describe("The route, matched ignoring case. `:name` matches one segment."),
      ),
    page: z.optional(
      nonEmpty.check(describe("Page name requested from the service. Absent: the visited path is requested.")),
    ),
    layout: z.optional(nonEmpty.check(describe("Layout file to use. Default: the page name, then `default`."))),
    missing: z.optional(
      z
        .enum(["not-found", "home"])
        .check(describe("When the page comes back with id 0: show the not-found screen (default) or go to /.")),
    ),
    presentationService: z.optional(
      z
        .boolean()
        .check(
          describe(
            "Visitors who go to the contact page from this route get the presentation-services contact form: going there stores isPresentationService = \"true\" (SPEC 2.7); from any other route \"false\".",
          ),
        ),
    ),
    ancestor: z.optional(
      z
        .boolean()
        .check(
          describe(
            "false: a visit here is not stored as the ancestor page, the last address a visitor came from before the blog and case-study pages (SPEC 3). Default true.",
          ),
        ),
    ),
  })
  .check(describe("A route of the site."));
export type RouteEntry = z.output<typeof RouteEntrySchema>;

export const RoutesFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  redirects: z.array(
    z.strictObject({
      from: z.string().check(z.regex(routePathPattern, "a redirect starts with '/'")),
      to: z.string().check(z.regex(routePathPattern, "a redirect target starts with '/'")),
    }),
  ),
  routes: z.array(RouteEntrySchema).check(
    // pathTo(name) must mean one route.
    z.superRefine((routes, context) => {
      const first = new Map<string, number>();
      routes.forEach((route, index) => {
        if (route.name === undefined) return;
        const earlier = first.get(route.name);
        if (earlier === undefined) first.set(route.name, index);
        else context.addIssue({ code: "custom", input: route.name, path: [index, "name"], message: `route name "${route.name}" is already routes[${earlier}]'s` });
      });
    }),
  ),
  fallback: z
    .strictObject({
      missing: z.enum(["not-found", "home"]),
    })
    .check(describe("Any other path: the path is requested as a page (the catch-all).")),
  knownPages: z
    .array(nonEmpty)
    .check(
      describe(
        "Page names reached only through the catch-all (by their path). Listed so check:layouts knows a layout file for one is not a typo.",
      ),
    ),
});
export type RoutesFile = z.output<typeof RoutesFileSchema>;

// ---------------------------------------------------------------- registry/resource-defaults.json

export const ResourceDefaultsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  defaults: z.record(nonEmpty, z.string()),
});
