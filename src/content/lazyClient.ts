/**
 * The content client, its code loaded on the first call. The client parses every answer with the
 * contract's zod schemas (./contract.ts); a page the server rendered needs none of them to hydrate,
 * so the browser loads them with the first page, list or form it asks the service for itself.
 * Code that cannot be loaded (a flaky network, a new deployment) is a network failure, as the
 * call itself would have been: the retry screen, a list's retry, a form that keeps what was typed.
 */
import type { ContentClient, ContentClientOptions, FormResult } from "./client.ts";
import { ContentError } from "./contentError.ts";

const unsent: FormResult = { ok: false, reason: "failed", status: null };

export function lazyContentClient(options: ContentClientOptions): ContentClient {
  let loaded: Promise<ContentClient> | undefined;
  const client = (): Promise<ContentClient> =>
    (loaded ??= import("./client.ts").then(
      (module) => module.createContentClient(options),
      (error: unknown) => {
        loaded = undefined;
        throw new ContentError("network", `the content client's code could not be loaded: ${String(error)}`);
      },
    ));
  return {
    getPage: async (...args) => (await client()).getPage(...args),
    getMenus: async (...args) => (await client()).getMenus(...args),
    getResources: async (...args) => (await client()).getResources(...args),
    getContentList: async (...args) => (await client()).getContentList(...args),
    // A form call answers a failure rather than throwing one (FormResult): so does missing code.
    submitContact: async (...args) => (await client().catch(() => null))?.submitContact(...args) ?? unsent,
    saveThoughtPaperLead: async (...args) => (await client().catch(() => null))?.saveThoughtPaperLead(...args) ?? unsent,
    downloadThoughtPaperPdf: async (...args) => (await client()).downloadThoughtPaperPdf(...args),
  };
}
