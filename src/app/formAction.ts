/**
 * The route action of a content page (issue 20): a contact form or a thought-paper form, posted
 * by the browser itself before its code arrived or without any (the server runs it), or sent by
 * the form's code through the router (the browser runs it): one submit path. The page is resolved as its
 * loader does, the posted form is found among its slots (none: 405), and `handleFormPost`
 * (src/forms/formPost.ts) applies SPEC 5 and hands the lead on through `submitLead`. The
 * answer: 303 to the thank-you page; for a thought paper, the PDF to download; else the form
 * again with the messages and everything typed (400), or as typed when the lead could not be
 * handed on (503, SPEC 8); in the browser the form acts on that answer (a thought paper's PDF
 * is fetched by the form). Loaded on demand by src/app/routes.tsx: none of it is in a page's
 * first code. docs/first-paint.md has the why.
 */
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import { contactFormOptions } from "../blocks/contact-form/options.ts";
import { thoughtPaperDownloadOptions } from "../blocks/thought-paper-download/options.ts";
import { ownPaper, pdfFileName } from "../blocks/thought-paper-download/paper.ts";
import type { ContentClient } from "../content/client.ts";
import { addressSaysPresentation } from "../forms/contactMode.ts";
import { handleFormPost, type FormKind, type SubmitLead } from "../forms/formPost.ts";
import { postedFormField, type PaperDownload, type PostedForm } from "../forms/postedForm.tsx";
import type { Runtime } from "../runtime/context.tsx";
import { loadPageData } from "../runtime/loadPage.ts";
import type { PageData } from "../runtime/pageData.ts";
import { pageRequest, type RouteConfig } from "../runtime/routeTable.ts";
import { checkSlotOptions, type RenderSlot } from "../runtime/slots.ts";
import { toPlainText } from "../ui/text.ts";
import { retryLater } from "./retryLater.ts";

/** A lead handed on through the content client: the same calls, and so the same handler, as the code's submit. */
export function submitThrough(client: ContentClient): SubmitLead {
  return (kind, fields) => (kind === "thought-paper" ? client.saveThoughtPaperLead(fields) : client.submitContact(fields, { presentation: kind === "presentation" }));
}

const blockOf: Record<FormKind, RenderSlot["block"]> = { contact: "contact-form", thoughtPaper: "thought-paper-download" };

const notAllowed = () => data(null, { status: 405, headers: { Allow: "GET, HEAD" } });

/** The form the post names (its hidden `form` field), if the page shows it: its kind and its slot. */
function postedTo(page: Extract<PageData, { status: "ready" }>, posted: FormData): { kind: FormKind; slot: RenderSlot } | null {
  const named = posted.get(postedFormField);
  const kind = named === "contact" || named === "thoughtPaper" ? named : null;
  const slot = kind === null ? undefined : page.slots.find((candidate) => candidate.block === blockOf[kind]);
  return kind !== null && slot ? { kind, slot } : null;
}

/**
 * The page could not be resolved to find the form (the content service failing): nothing was
 * sent, so the visitor is told to try again in a moment (SPEC 8's one message worth showing), as
 * when the service is busy; not left guessing whether it went. The form keeps what was typed
 * itself: without the page there is no page to fill again, so no values go back.
 */
function pageUnavailable(posted: FormData | null) {
  const named = posted?.get(postedFormField);
  if (named !== "contact" && named !== "thoughtPaper") return data(null, retryLater);
  return data({ form: named, errors: {}, values: {}, unsent: "busy" } satisfies PostedForm, retryLater);
}

/** Where the form's block sends an accepted visitor (invalid options: the block shows nothing, so there is no form to post). */
function successPathOf(kind: FormKind, slot: RenderSlot): string | null {
  const checked = kind === "contact" ? checkSlotOptions(contactFormOptions, slot) : checkSlotOptions(thoughtPaperDownloadOptions, slot);
  return checked.outcome === "invalid" ? null : checked.options.successPath;
}

/**
 * The action of a content route. `client` carries the lead: on the server, the handler that
 * answers the browser's own /api lead calls (the lead outbox, or the fixture service's store).
 */
export function pageAction(runtime: Runtime, route: RouteConfig, client: ContentClient) {
  return async ({ request }: ActionFunctionArgs) => {
    const url = new URL(request.url);
    const [page, posted] = await Promise.all([loadPageData(runtime, pageRequest(route, url.pathname), url, request.signal), request.formData().catch(() => null)]);
    if (page.status === "failed") return pageUnavailable(posted);
    const target = page.status === "ready" && posted ? postedTo(page, posted) : null;
    if (!target || !posted) return notAllowed();
    const { kind, slot } = target;
    const successPath = successPathOf(kind, slot);
    let paper: { name: string; documentPath: string } | undefined;
    if (kind === "thoughtPaper") {
      // The paper is the page's own, never the post's (a form shows no download without a document).
      const item = ownPaper(slot.items, url.pathname);
      const documentPath = item?.documentPath?.trim() ?? "";
      if (item && documentPath !== "") paper = { name: toPlainText(item.title), documentPath };
    }
    if (successPath === null || (kind === "thoughtPaper" && !paper)) return notAllowed();
    const result = await handleFormPost(kind, posted, { presentation: addressSaysPresentation(url.search), successPath, paper, submitLead: submitThrough(client) });
    switch (result.kind) {
      case "redirect":
        if (result.download) return { download: { documentPath: result.download.documentPath, fileName: pdfFileName(result.download.paperName) } } satisfies PaperDownload;
        return redirect(result.location, 303);
      case "invalid":
        return data({ form: kind, errors: result.errors, values: result.values } satisfies PostedForm, { status: 400 });
      case "unsent":
        return data({ form: kind, errors: {}, values: result.values, unsent: result.reason } satisfies PostedForm, retryLater);
    }
  };
}
