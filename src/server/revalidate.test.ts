// @vitest-environment node
/**
 * The publish webhook's one body schema (docs/server.md#revalidation): what each field drops, and
 * what it refuses. The drops across instances and Redis are tests/shared-instances.test.ts's.
 */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createSwrCache } from "./swrCache.ts";
import { maxRedirectTags, resolveTarget, revalidation, RevalidationTargetSchema, targetTags } from "./revalidate.ts";
import type { CachedPage } from "./pageCache.ts";
import type { ContentAnswer, ContentCall } from "./contentCache.ts";

const key = (path: string, body: unknown) => `${path}\n${JSON.stringify(body)}`;
const menus = key("/api/menu/GetMenuList", {});
const resources = key("/api/resource/list", {});
const people = key("/api/page/get", "People");
const blogPost = key("/api/page/get", "/blogs/future-of-work");
const blogList = key("/api/page/GetContentList", { contentType: 2, search: "", sort: "Descending", pageName: "Blogs", pageSize: 10, PageNo: 1, Filter: "All" });
const caseList = key("/api/page/GetContentList", { contentType: 11, search: "", sort: "Descending", pageName: "CaseStudies", pageSize: 10, PageNo: 1, Filter: "All" });
const contentKeys = [menus, resources, people, blogPost, blogList, caseList];
const pages: [string, { deps: string[] }][] = [
  ["/People", { deps: [menus, resources, people] }],
  ["/blogs", { deps: [menus, resources, key("/api/page/get", "Blogs"), blogList] }],
  ["/blogs/future-of-work", { deps: [menus, resources, blogPost] }],
  ["/casestudies?page=2", { deps: [menus, resources, caseList] }],
];

describe("the webhook's body", () => {
  it("drops a page named by address with everything it was made of, and any query of it", () => {
    expect(resolveTarget({ addresses: ["/CaseStudies/"] }, pages, contentKeys)).toEqual({ pages: ["/casestudies?page=2"], content: [menus, resources, caseList] });
  });

  it("drops a page's content answer and the pages made of it, not the menus beside it", () => {
    expect(resolveTarget({ pages: ["people", "/blogs/future-of-work"] }, pages, contentKeys)).toEqual({ pages: ["/People", "/blogs/future-of-work"], content: [people, blogPost] });
  });

  it("drops the lists of a content type and the pages that show one", () => {
    expect(resolveTarget({ lists: [2] }, pages, contentKeys)).toEqual({ pages: ["/blogs"], content: [blogList] });
  });

  it("drops the menus or the resources, and so every page", () => {
    expect(resolveTarget({ menus: true }, pages, contentKeys)).toEqual({ pages: pages.map(([address]) => address), content: [menus] });
    expect(resolveTarget({ resources: true }, pages, contentKeys).content).toEqual([resources]);
  });

  it("names nothing with an empty object, everything with \"all\"", () => {
    expect(resolveTarget({}, pages, contentKeys)).toEqual({ pages: [], content: [] });
    expect(resolveTarget("all", pages, contentKeys)).toEqual({ pages: pages.map(([address]) => address), content: contentKeys });
  });

  it("refuses a misspelt field, a wrong type and unbounded lists", () => {
    expect(RevalidationTargetSchema.safeParse({ page: ["People"] }).success).toBe(false);
    expect(RevalidationTargetSchema.safeParse({ lists: ["blogs"] }).success).toBe(false);
    expect(RevalidationTargetSchema.safeParse({ menus: "yes" }).success).toBe(false);
    expect(RevalidationTargetSchema.safeParse({ addresses: Array.from({ length: 1001 }, (_, i) => `/p${i}`) }).success).toBe(false);
    expect(RevalidationTargetSchema.safeParse({ addresses: ["x".repeat(2049)] }).success).toBe(false);
    expect(RevalidationTargetSchema.safeParse({ addresses: ["/a"], pages: ["A"], lists: [2, 11], menus: true, resources: false, redirects: true }).success).toBe(true);
  });
});

describe("what a publish purges at the CDN", () => {
  it("for a reloaded redirect list: every redirect answer and each address it moves; every page past maxRedirectTags", () => {
    expect(targetTags({ redirects: true, pages: ["People"] }, ["/old", "/news/shared-services"])).toEqual(["redirects", "addr:/old", "addr:/news/shared-services", "page:people"]);
    expect(targetTags({ pages: ["People"] }, ["/old"])).toEqual(["page:people"]);
    expect(targetTags({ redirects: true }, Array.from({ length: maxRedirectTags + 1 }, (_, i) => `/p${String(i)}`))).toEqual(["pages"]);
    expect(targetTags("all", ["/old"])).toEqual(["pages"]);
  });
});

describe("POST /_revalidate", () => {
  const start = async (reloads: boolean[]) => {
    const app = Fastify();
    const never = () => Promise.reject(new Error("not loaded in this test"));
    revalidation(app, {
      secret: "hook",
      pages: createSwrCache<CachedPage>({ freshMs: 1000, staleMs: 0, load: never }),
      content: createSwrCache<ContentAnswer, ContentCall>({ freshMs: 1000, staleMs: 0, load: never }),
      shared: undefined,
      redirects: {
        reload: (everywhere) => {
          reloads.push(everywhere);
          return Promise.resolve(new Map([["/a", {}], ["/b", {}], ["/c", {}]]));
        },
      },
    });
    await app.ready();
    return app;
  };
  const post = (app: Awaited<ReturnType<typeof start>>, body: unknown) => app.inject({ method: "POST", url: "/_revalidate", headers: { authorization: "Bearer hook", "content-type": "application/json" }, payload: JSON.stringify(body) });

  it("names the field it does not know", async () => {
    const app = await start([]);
    const answer = await post(app, { pages: ["People"], menu: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: expect.stringContaining('unknown field "menu"') as unknown });
  });

  it("loads the redirect list again for \"redirects\" and \"all\" only, and says how many it holds", async () => {
    const reloads: boolean[] = [];
    const app = await start(reloads);
    expect((await post(app, { pages: ["People"] })).json()).toEqual({ dropped: { pages: [], content: [] }, instance: expect.any(String) as unknown });
    expect(reloads).toEqual([]);
    expect((await post(app, { redirects: true })).json()).toMatchObject({ dropped: { redirects: 3 } });
    expect((await post(app, "all")).json()).toMatchObject({ dropped: { redirects: 3 } });
    expect(reloads).toEqual([true, true]);
  });
});
