/**
 * The site the edge tests put behind Varnish (tests/edge.test.ts, tests/edge-tracing.test.ts): a
 * renderer that makes the content calls a page makes, and a content service on loopback whose
 * content a test edits, counting what it is asked.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A renderer making the calls a page makes (CONTENT-API 1–4): the chrome (menus, resources), the
 * page, and on /blogs the blog list; `/` redirects to /Home, a page the service does not know is a 404.
 */
export const renderer = `async function renderDocument(request, options) {
  const path = new URL(request.url).pathname;
  if (path === "/") return { kind: "redirect", status: 301, location: "/Home" };
  const call = async (callPath, body) => {
    const answer = await options.fetch(callPath, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    if (!answer.ok) throw new Error(callPath + " " + answer.status);
    return answer.json();
  };
  try {
    const [menus, resources, page] = await Promise.all([call("/api/menu/GetMenuList", {}), call("/api/resource/list", {}), call("/api/page/get", path.slice(1))]);
    const chrome = "<nav>" + menus[0].MenuList.map((item) => item.MenuName).join(" | ") + "</nav><footer>" + resources[0].value + "</footer>";
    if (page.id === 0) return { kind: "page", status: 404, html: "<!doctype html><title>Not found</title>" + chrome };
    const list = path.toLowerCase() === "/blogs" ? (await call("/api/page/GetContentList", { contentType: 2, search: "", sort: "Descending", pageName: "Blogs", pageSize: 10, PageNo: 1, Filter: "All" })).contents.map((item) => "<li>" + item.title + "</li>").join("") : "";
    return { kind: "page", status: 200, html: "<!doctype html><title>" + page.title + "</title><script type=module src=/assets/app-BUILD.js></script>" + chrome + "<ul>" + list + "</ul><p>" + "x".repeat(3000) + "</p>" };
  } catch (error) {
    return { kind: "page", status: 503, html: "<!doctype html><title>Please try again</title>", retryAfter: "30" };
  }
}
export async function answerFormPost(request, options) {
  const form = await request.formData();
  const body = new FormData();
  for (const [name, value] of form) body.append(name, value);
  const answer = await options.leadFetch("/api/contactus/create", { method: "POST", body });
  return answer.ok ? { kind: "redirect", status: 303, location: "/Thankyou" } : { kind: "page", status: 400, html: "<!doctype html><title>Check the form</title>" };
}`;

/** The site's pages as the test's content service knows them (a page named by its path). */
export const pageNames = ["Home", "about-us", "People", "Resources", "contact-us", "Experience", "blogs", "casestudies", "thoughtpapers", "Thankyou", "global-brand-solutions", "Smart-work-solutions", "technology-innovation-solutions", "life-insurance", "general-insurance", "Feedback", "Press", "Careers", "Privacy", "Terms"];
export const pageAddresses = pageNames.map((name) => `/${name}`);

/** A content service on loopback whose content the test edits, counting the calls each page gets and the leads it takes. */
export function contentService() {
  const state = { titles: new Map<string, string>(), menu: "Solutions", footer: "© Corvane", blogs: ["First blog"], redirects: null as unknown[] | null, pageCalls: new Map<string, number>(), leads: 0, traceparents: [] as string[] };
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const server: Server = createServer((req, res) => {
    void body(req).then((text) => {
      const traceparent = req.headers.traceparent;
      if (typeof traceparent === "string") state.traceparents.push(traceparent);
      res.setHeader("Content-Type", "application/json");
      switch (req.url) {
        case "/api/page/get": {
          const name = String(JSON.parse(text));
          state.pageCalls.set(name, (state.pageCalls.get(name) ?? 0) + 1);
          const known = pageNames.some((page) => page.toLowerCase() === name.toLowerCase());
          return res.end(JSON.stringify(known ? { id: 1, name, title: state.titles.get(name) ?? `${name} (published)` } : { id: 0 }));
        }
        case "/api/menu/GetMenuList":
          return res.end(JSON.stringify([{ MenuGroupName: "Corvane-Top", MenuList: [{ MenuName: state.menu, PageURL: "/Smart-work-solutions", SubMenu: null }] }]));
        case "/api/resource/list":
          return res.end(JSON.stringify([{ name: "FOOTER", value: state.footer }]));
        case "/api/redirect/GetRedirectList":
          // CONTENT-API 9: a service offering no redirects answers 404.
          if (state.redirects === null) {
            res.statusCode = 404;
            return res.end("{}");
          }
          return res.end(JSON.stringify(state.redirects));
        case "/api/page/GetContentList":
          return res.end(JSON.stringify({ contents: state.blogs.map((title, i) => ({ id: i + 1, type: 2, title, ...(i === 0 ? { totalRow: state.blogs.length } : {}) })) }));
        case "/api/contactus/create":
        case "/api/thoughtPaper/SaveUserInfo":
          state.leads += 1;
          return res.end(JSON.stringify({ id: state.leads, status: "saved" }));
        default:
          res.statusCode = 404;
          return res.end("{}");
      }
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

