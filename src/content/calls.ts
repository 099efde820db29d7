/**
 * The content service's calls (CONTENT-API 1–5), as plain data: every one is a POST to its path
 * (matched ignoring case), with the body type it takes and the largest body a client may send.
 * The site server's body caps (src/server/http/bodyLimits.ts), the lead intake and the forwarder
 * all read this one table: nothing else under /api/ is passed to a content service.
 */

const kB = 1024;

export interface ContentCall {
  /** The path as CONTENT-API spells it. */
  path: string;
  /** The largest body accepted, in bytes: the lead forms' six short fields leave room for any honest message in a few hundred kB; content calls carry a page name, a list query or `{}`. */
  maxBodyBytes: number;
  /** The one body type a lead call takes (CONTENT-API 5); content calls take JSON. */
  bodyType: "application/json" | "multipart/form-data";
}

/** Every call of the contract; each is a POST. */
export const contentCalls = [
  { path: "/api/page/get", maxBodyBytes: 8 * kB, bodyType: "application/json" },
  { path: "/api/menu/GetMenuList", maxBodyBytes: 8 * kB, bodyType: "application/json" },
  { path: "/api/resource/list", maxBodyBytes: 8 * kB, bodyType: "application/json" },
  { path: "/api/page/GetContentList", maxBodyBytes: 8 * kB, bodyType: "application/json" },
  { path: "/api/contactus/create", maxBodyBytes: 256 * kB, bodyType: "multipart/form-data" },
  { path: "/api/contactus/presentation-page", maxBodyBytes: 256 * kB, bodyType: "multipart/form-data" },
  { path: "/api/thoughtPaper/SaveUserInfo", maxBodyBytes: 256 * kB, bodyType: "application/json" },
  { path: "/api/thoughtPaper/downloadThoughtPaperPdf", maxBodyBytes: 8 * kB, bodyType: "application/json" },
] as const satisfies readonly ContentCall[];

/** The method of every call (CONTENT-API 1–5). */
export const contentCallMethod = "POST";

/** The call a path names (ignoring case, as the service matches them), if it is one of the contract's. */
export function contentCallOf(pathname: string): ContentCall | undefined {
  const path = pathname.toLowerCase();
  return contentCalls.find((call) => call.path.toLowerCase() === path);
}
