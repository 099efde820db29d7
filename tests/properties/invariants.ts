/**
 * The invariants every page the server renders must keep, whatever the content says. Each takes
 * the rendered page (or the error its render threw) and returns what breaks it, in words; an
 * empty list means it holds. `npm run test:properties` checks them all on every fixture page,
 * on mutations of those pages and on pages generated from the content contract.
 */
import { JSDOM } from "jsdom";
import { PageSchema } from "../../src/content/contract.ts";
import { descriptionLimit, siteName, titleLimit } from "../../src/app/pageHead.tsx";
import { matchAddress } from "../../src/inspector/route.ts";
import { findHydrationScript, HYDRATION_SCRIPT_OPEN, parseHydrationData, type HydrationData } from "../../src/runtime/hydrationData.ts";
import { isPageData } from "../../src/runtime/pageData.ts";
import { toPlainText } from "../../src/ui/text.ts";
import { executableMarkup } from "../xss.ts";
import { fixtureService } from "../harness.tsx";
import type { RenderedPage } from "./render.ts";
import { siteUrl } from "./render.ts";

/** A page as the invariants read it: the render's outcome, its HTML parsed once. */
export interface PageUnderTest {
  rendered: RenderedPage | { address: string; error: unknown };
  /** Strings the content itself carries (its JSON's string values): a link written verbatim by the content is the content's, not the site's. */
  contentStrings: ReadonlySet<string>;
}

export interface Parsed {
  page: RenderedPage;
  document: Document;
  root: Element;
  contentStrings: ReadonlySet<string>;
}

export interface Invariant {
  name: string;
  check: (page: Parsed) => string[] | Promise<string[]>;
}

const service = fixtureService();
const pageExists = new Map<string, Promise<boolean>>();
/** Whether the fixture service has a page for a page request (cached: many links repeat). */
function servicePage(request: string): Promise<boolean> {
  let known = pageExists.get(request);
  if (!known) {
    known = (async () => {
      const answer = await service(new Request(`${siteUrl}/api/page/get`, { method: "POST", body: JSON.stringify(request), headers: { "Content-Type": "application/json" } }));
      const page = PageSchema.safeParse(await answer?.json());
      return page.success && page.data.id !== 0;
    })();
    pageExists.set(request, known);
  }
  return known;
}

/** Files the site serves as they are, not pages: media through the site, the fixture media, PDFs, the build's assets. */
const isFile = (pathname: string) => /^\/(_media|media|documents|images|assets|src)\//.test(pathname) || /\.[a-z0-9]{2,5}$/i.test(pathname);

/** The text kept before "…" is a start of `source`, cut after a whole word (or at the limit, when no word boundary keeps half of it). */
function cutAtWord(shown: string, source: string, limit: number): boolean {
  if (!shown.endsWith("…")) return shown === source;
  const kept = shown.slice(0, -1);
  if (!source.startsWith(kept) || kept.length > limit) return false;
  const rest = source.slice(kept.length);
  return /^[\s,.;:]/u.test(rest) || (kept.length >= limit - 1 && !/\s/u.test(kept.slice(Math.floor(limit / 2))));
}

function embeddedData(document: Document): { ok: true; value: HydrationData } | { ok: false; problem: string } {
  const script = findHydrationScript(document);
  if (!script) return { ok: false, problem: `no ${HYDRATION_SCRIPT_OPEN} in <body> after #root` };
  let json: unknown;
  try {
    json = JSON.parse(script.textContent);
  } catch (error) {
    return { ok: false, problem: `its text is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = parseHydrationData(json);
  return parsed ? { ok: true, value: parsed } : { ok: false, problem: "it is not the shape of HydrationData (siteUrl, loaderData, actionData)" };
}

/** The resolved page the server embedded: the page as the content gave it, and the slots it mounted. */
function embeddedResolvedPage(document: Document) {
  const data = embeddedData(document);
  if (!data.ok) return undefined;
  const page = Object.values(data.value.loaderData).find(isPageData);
  return page?.status === "ready" ? page : undefined;
}
const embeddedPage = (document: Document) => embeddedResolvedPage(document)?.page;

export const invariants: Invariant[] = [
  {
    name: "renders without throwing, and every block failure stays inside its block",
    check: ({ page, root }) => [
      ...(page.status === 200 ? [] : [`status ${page.status}, not 200`]),
      ...[...root.querySelectorAll(".block-error")].map((element) => `block failed in slot "${element.getAttribute("data-slot") ?? "?"}" (${element.getAttribute("data-error") ?? ""})`),
    ],
  },
  {
    name: "no script or event handler from content reaches the HTML",
    check: ({ document, root }) => {
      const head = [...document.head.querySelectorAll("script")].flatMap((script) => {
        const type = script.getAttribute("type");
        if (type === "module" && script.getAttribute("src")?.startsWith("/")) return [];
        if (type === "application/ld+json" || type === "application/json") {
          try {
            JSON.parse(script.textContent);
            return [];
          } catch {
            return [`a ${type} script in the head whose text content broke out of`];
          }
        }
        return [`<script${type ? ` type="${type}"` : ""}> in the head`];
      });
      const handlers = [...document.head.querySelectorAll("*")].flatMap((element) => [...element.attributes].filter((attribute) => attribute.name.toLowerCase().startsWith("on")).map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}] in the head`));
      return [...head, ...handlers, ...executableMarkup(root)];
    },
  },
  {
    name: "every slot either renders or has an inspector reason",
    check: ({ page, document, root }) => {
      const mounted = new Set((embeddedResolvedPage(document)?.slots ?? []).map((slot) => slot.id));
      const marked = new Set([...root.querySelectorAll("[data-slot]")].map((section) => section.getAttribute("data-slot")));
      return page.inspection.slots.flatMap((slot) => {
        if (slot.renders && !mounted.has(slot.id)) return [`slot "${slot.id}" (${slot.block ?? "templates"}) renders by the inspector, but the page does not mount it`];
        if (!slot.renders && slot.reason === null) return [`slot "${slot.id}" renders nothing and the inspector gives no reason`];
        if (!slot.renders && (mounted.has(slot.id) || marked.has(slot.id))) return [`slot "${slot.id}" is on the page though the inspector says it does not render (${slot.reason?.kind ?? ""})`];
        return [];
      });
    },
  },
  {
    name: "exactly one <h1>",
    check: ({ root }) => {
      const count = root.querySelectorAll("h1").length;
      return count === 1 ? [] : [`${count} <h1> elements`];
    },
  },
  {
    name: `the <title> (${titleLimit}) and the description (${descriptionLimit}) are bounded, cut after a word with "…"`,
    check: ({ document }) => {
      const page = embeddedPage(document);
      if (!page) return ["no embedded page to compare the head with"];
      const problems: string[] = [];
      const title = document.title;
      const titleSources = [page.title, page.heading, page.name, siteName].map(toPlainText).filter((text) => text !== "");
      if (title.length > titleLimit + 1 || !titleSources.some((source) => cutAtWord(title, source, titleLimit))) problems.push(`<title> ${JSON.stringify(title.slice(0, 90))} (${title.length} characters) is not the page's title cut after a word`);
      for (const meta of document.querySelectorAll('meta[name="description"], meta[property="og:description"]')) {
        const content = meta.getAttribute("content") ?? "";
        if (content.length > descriptionLimit + 1 || !cutAtWord(content, toPlainText(page.metaDescription), descriptionLimit)) problems.push(`description ${JSON.stringify(content.slice(0, 90))} (${content.length} characters) is not the page's description cut after a word`);
      }
      return problems;
    },
  },
  {
    name: "every internal link resolves through the route table to a page",
    check: async ({ page, root, contentStrings }) => {
      const here = new URL(page.address, siteUrl).pathname.toLowerCase();
      const problems: string[] = [];
      for (const link of root.querySelectorAll("a[href]")) {
        const href = link.getAttribute("href") ?? "";
        let url: URL;
        try {
          url = new URL(href, `${siteUrl}/current/page`);
        } catch {
          problems.push(`link ${JSON.stringify(href)} is not an address`);
          continue;
        }
        // The page links to itself (a breadcrumb's last step): it is the page being shown.
        if (url.origin !== siteUrl || isFile(url.pathname) || href.startsWith("#") || url.pathname.toLowerCase() === here) continue;
        // A link the content writes verbatim is the content's (npm run check:links follows those on real content).
        // So is one the site builds from a content value (a detail page's address from an item's anchorlink).
        const segments = url.pathname.split("/").filter(Boolean).map((segment) => safeDecode(segment));
        if ([href, url.pathname, url.pathname.slice(1), segments.at(-1) ?? ""].some((written) => contentStrings.has(written))) continue;
        try {
          const route = matchAddress(url.pathname);
          if (!(await servicePage(route.request))) problems.push(`link ${JSON.stringify(href)} reaches route ${route.pattern}, which asks for "${route.request}": no such page`);
        } catch (error) {
          problems.push(`link ${JSON.stringify(href)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return [...new Set(problems)];
    },
  },
  {
    name: "the hydration data parses",
    check: ({ document }) => {
      const data = embeddedData(document);
      if (!data.ok) return [`hydration data: ${data.problem}`];
      return Object.values(data.value.loaderData).some(isPageData) ? [] : ["hydration data: no resolved page in the loader data"];
    },
  },
  {
    name: "headings do not skip levels inside a block",
    check: ({ root }) =>
      [...root.querySelectorAll("[data-slot]")].flatMap((section) => {
        const levels = [...section.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => Number(heading.tagName.slice(1)));
        return levels.flatMap((level, index) => {
          const before = levels[index - 1];
          return before !== undefined && level > before + 1 ? [`slot "${section.getAttribute("data-slot") ?? ""}": <h${before}> then <h${level}>`] : [];
        });
      }),
  },
];

/** Every invariant's problems on one page (an invariant that holds is left out). */
export async function brokenInvariants(subject: PageUnderTest): Promise<{ name: string; problems: string[] }[]> {
  const { rendered } = subject;
  if ("error" in rendered) {
    const message = rendered.error instanceof Error ? (rendered.error.stack ?? rendered.error.message) : String(rendered.error);
    return [{ name: invariants[0]?.name ?? "renders", problems: [`${rendered.address}: the render threw: ${message}`] }];
  }
  const dom = new JSDOM(rendered.html);
  const { document } = dom.window;
  const root = document.getElementById("root") ?? document.body;
  const out: { name: string; problems: string[] }[] = [];
  for (const invariant of invariants) {
    const problems = await invariant.check({ page: rendered, document, root, contentStrings: subject.contentStrings });
    if (problems.length > 0) out.push({ name: invariant.name, problems });
  }
  dom.window.close();
  return out;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The string values of a JSON value, at any depth, as written, without their leading slashes (an anchorlink "/post" or "post") and without slashes at either end ("post/"). */
export function stringsOf(value: unknown, into = new Set<string>()): Set<string> {
  // As written, and as a detail page's address takes an anchor link (src/content/paths.ts detailPath: slashes trimmed at both ends, "0/" is "/blogs/0").
  if (typeof value === "string") into.add(value.trim()).add(value.trim().replace(/^\/+/, "")).add(value.trim().replace(/^\/+/, "").replace(/\/+$/, ""));
  else if (Array.isArray(value)) for (const entry of value) stringsOf(entry, into);
  else if (typeof value === "object" && value !== null) for (const entry of Object.values(value)) stringsOf(entry, into);
  return into;
}

/** One readable report of what broke, for a test's failure message. */
export const describeBroken = (address: string, broken: { name: string; problems: string[] }[]) =>
  broken.map(({ name, problems }) => `${address}: ✗ ${name}\n${problems.map((problem) => `    ${problem.length > 400 ? `${problem.slice(0, 400)}…` : problem}`).join("\n")}`).join("\n");
