/**
 * The content service's calls (CONTENT-API 1–5, and 9's redirect list), as plain data, each
 * written once: its path as the contract spells it (matched ignoring case), the body type it
 * takes, the largest body a client may send, and whether the site's own /api/ takes it from the
 * browser and passes it on. Every call is a POST (`contentCallMethod`). Whatever names a call
 * reads it here: the content client (./client.ts, the paths alone), the site server's /api/
 * routes and their body caps (src/server/node.ts), the forwarder (src/server/forward.ts), the
 * lead intake (src/shared/leadIntake.ts), the redirect list, the cache tags and the publish
 * webhook. Nothing else under /api/ is passed to a content service. The fixture service keeps a
 * table of its own (fixture-service/service.ts); both are held to docs/content-contract.md by
 * their tests, so a drift on either side shows.
 */

const kB = 1024;

/** Where the contract's calls are, on the content service and on the site's own origin. */
export const contentApiPrefix = "/api/";

export interface ContentCall {
  /** The path as CONTENT-API spells it. */
  path: string;
  /** The largest body accepted, in bytes: the lead forms' six short fields leave room for any honest message in a few hundred kB; content calls carry a page name, a list query or `{}`. */
  maxBodyBytes: number;
  /** The one body type a lead call takes (CONTENT-API 5); content calls take JSON. */
  bodyType: "application/json" | "multipart/form-data";
  /** Whether the site's /api/ takes the call from a browser and passes it on; the redirect list is the site server's own read. */
  forwarded: boolean;
}

/**
 * Each call's path, by the name the site's code uses for it: all the browser's content client
 * needs of the table, so a page's script carries only these (`contentCalls` below is the server's).
 */
export const contentCallPaths = {
  page: "/api/page/get",
  menus: "/api/menu/GetMenuList",
  resources: "/api/resource/list",
  contentList: "/api/page/GetContentList",
  contactLead: "/api/contactus/create",
  presentationLead: "/api/contactus/presentation-page",
  thoughtPaperLead: "/api/thoughtPaper/SaveUserInfo",
  thoughtPaperPdf: "/api/thoughtPaper/downloadThoughtPaperPdf",
  redirectList: "/api/redirect/GetRedirectList",
} as const;

const json = "application/json";
const form = "multipart/form-data";

/**
 * Every call of the contract: its path and what the site server needs to know of it besides.
 * Made in a function marked pure, so that the browser's build, which reads none of it, drops it.
 */
export const contentCalls = /* @__PURE__ */ (() =>
  ({
    page: { path: contentCallPaths.page, maxBodyBytes: 8 * kB, bodyType: json, forwarded: true },
    menus: { path: contentCallPaths.menus, maxBodyBytes: 8 * kB, bodyType: json, forwarded: true },
    resources: { path: contentCallPaths.resources, maxBodyBytes: 8 * kB, bodyType: json, forwarded: true },
    contentList: { path: contentCallPaths.contentList, maxBodyBytes: 8 * kB, bodyType: json, forwarded: true },
    contactLead: { path: contentCallPaths.contactLead, maxBodyBytes: 256 * kB, bodyType: form, forwarded: true },
    presentationLead: { path: contentCallPaths.presentationLead, maxBodyBytes: 256 * kB, bodyType: form, forwarded: true },
    thoughtPaperLead: { path: contentCallPaths.thoughtPaperLead, maxBodyBytes: 256 * kB, bodyType: json, forwarded: true },
    thoughtPaperPdf: { path: contentCallPaths.thoughtPaperPdf, maxBodyBytes: 8 * kB, bodyType: json, forwarded: true },
    redirectList: { path: contentCallPaths.redirectList, maxBodyBytes: 8 * kB, bodyType: json, forwarded: false },
  }) as const satisfies Record<keyof typeof contentCallPaths, ContentCall>)();

export type ContentCallName = keyof typeof contentCalls;

/** The method of every call (CONTENT-API 1–5, 9). */
export const contentCallMethod = "POST";

/**
 * Each call's name by its path in lower case (the service matches paths ignoring case): made once,
 * read on every request. Marked pure, as `contentCalls` is, for the browser's build.
 */
export const contentCallNames: ReadonlyMap<string, ContentCallName> = /* @__PURE__ */ (() =>
  new Map((Object.keys(contentCalls) as ContentCallName[]).map((name) => [contentCalls[name].path.toLowerCase(), name])))();

/** The calls the site's /api/ takes from a browser and passes on. */
export const forwardedCalls = (): ContentCall[] => Object.values(contentCalls).filter((call) => call.forwarded);

/** The forwarded call a path names (ignoring case, as the service matches them), if it is one. */
export function forwardedCallOf(pathname: string): ContentCall | undefined {
  const name = contentCallNames.get(pathname.toLowerCase());
  const call = name === undefined ? undefined : contentCalls[name];
  return call?.forwarded ? call : undefined;
}
