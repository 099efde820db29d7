/**
 * Forms the browser posts to a page itself (issue 20: the contact and thought-paper forms work
 * before their code arrives, or without it). A post to any page address goes to the page's
 * route action through the render module (`answerFormPost`); its lead is counted by the lead
 * rate limit like the browser's own lead calls. What it is answered with: see
 * docs/first-paint.md ("Forms without the code").
 *
 * Posts come only from the site's own pages: a browser's post from another site (its
 * `Sec-Fetch-Site`, else its `Origin`) is refused with 403 before the body is looked at, so no
 * other page can make a visitor's browser send a lead (login-less CSRF).
 */
import { create as attachment } from "content-disposition";
import { parse as parseContentType } from "content-type";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FormPostAnswer } from "../../ssr/site.ts";
import { cacheControl } from "./cachePolicy.ts";
import { withRawBodies } from "./fetchHandler.ts";
import { contentCalls } from "../../content/calls.ts";
import { retryAfterSeconds } from "../../content/settings.ts";

/** The body types an HTML form posts. */
const formBodyTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A form body is as small as a lead call's (same cap). */
export const formPostBodyLimit = contentCalls.contactLead.maxBodyBytes;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a browser's request comes from the site's own pages. Browsers send `Sec-Fetch-Site`
 * (it must be one of `accepted`: same-origin, or for a preview's calls also `none`, the visitor's
 * own typing) and, on every post, `Origin` (it must be this server's host as the browser reached
 * it, or SITE_URL's origin). A client sending neither (curl, a monitor) is no browser carrying a
 * visitor's identity, and is let through to the same rules and rate limit.
 */
export function fromTheSite(header: (name: string) => string | undefined, siteOrigin: string, accepted: readonly string[] = ["same-origin"]): boolean {
  const fetchSite = header("sec-fetch-site");
  if (fetchSite !== undefined) return accepted.includes(fetchSite);
  const origin = header("origin");
  if (origin === undefined) return true;
  if (origin === siteOrigin) return true;
  try {
    return new URL(origin).host === header("host");
  } catch {
    // "null" (a sandboxed frame, a file) or anything else no page of the site sends.
    return false;
  }
}

/** Whether a post comes from the site's own pages (`fromTheSite`, same-origin only). */
export function sameSitePost(request: FastifyRequest, siteOrigin: string): boolean {
  return fromTheSite((name) => header(request, name), siteOrigin);
}

function send(reply: FastifyReply, answer: FormPostAnswer): FastifyReply {
  reply.header("Cache-Control", cacheControl.personal);
  switch (answer.kind) {
    case "redirect":
      return reply.code(answer.status).header("Location", answer.location).send();
    case "page":
      if (answer.retryAfter) reply.header("Retry-After", answer.retryAfter);
      return reply.code(answer.status).type("text/html; charset=utf-8").send(answer.html);
    case "file":
      // RFC 6266 (jshttp's content-disposition): the exact name in UTF-8, a plain one for old clients.
      return reply.code(200).type(answer.type).header("Content-Disposition", attachment(answer.fileName)).send(Buffer.from(answer.body));
    case "unavailable":
      return reply
        .code(503)
        .header("Retry-After", String(retryAfterSeconds))
        .type("text/plain; charset=utf-8")
        .send("Your details are saved. The thought paper could not be fetched just now: please go back and try the download again in a moment.");
    case "not-allowed":
      return reply.code(405).header("Allow", "GET, HEAD").send();
  }
}

export interface FormPostOptions {
  /** SITE_URL's origin: posts from it are the site's own. */
  siteOrigin: string;
  /** The route's action: the request as posted (its address on the site), and who sent it. */
  answer: (request: Request, clientAddress: string, raw: FastifyRequest["raw"]) => Promise<FormPostAnswer>;
}

/** POST to any page address: the page's form action; other methods that carry a body: 405. */
export function mountFormPosts(app: FastifyInstance, { siteOrigin, answer }: FormPostOptions): void {
  withRawBodies(app, (scope) => {
    scope.route({
      method: "POST",
      url: "/*",
      bodyLimit: formPostBodyLimit,
      // The lead rate limit (src/server/node.ts): one count per client with the browser's own lead calls.
      config: { rateLimit: {} },
      handler: async (request, reply) => {
        if (!sameSitePost(request, siteOrigin)) return reply.code(403).header("Cache-Control", cacheControl.noStore).send({ error: "forms are posted from the site's own pages" });
        const { type } = parseContentType(header(request, "content-type") ?? "", { parameters: false });
        if (!formBodyTypes.has(type)) return reply.code(415).header("Cache-Control", cacheControl.noStore).send({ error: "a form posts application/x-www-form-urlencoded or multipart/form-data" });
        const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
        const posted = new Request(new URL(request.url, siteOrigin), { method: "POST", headers: { "Content-Type": header(request, "content-type") ?? type }, body });
        return send(reply, await answer(posted, request.ip, request.raw));
      },
    });
    // Pages take no other body: anything announcing one is refused (413) before it is read, anything else 405.
    scope.route({ method: ["PUT", "PATCH", "DELETE", "OPTIONS"], url: "/*", bodyLimit: 1, handler: (_request, reply) => reply.code(405).header("Allow", "GET, HEAD, POST").send() });
  });
}
