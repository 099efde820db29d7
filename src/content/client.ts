/**
 * The content client: one function per call of CONTENT-API, each returning parsed data.
 * Nothing outside this module sees a raw response.
 *
 * The contract's schemas (./contract.ts, and zod with them) are imported with the first answer
 * there is to parse: a page the server rendered hydrates without them, and in the browser the
 * first navigation's request goes out while their code is on its way.
 */
import type { Answer, AnswerKind, ContactRequest, ContentListRequest, ContentListResult, MenuGroup, Page, Resources, ThoughtPaperLeadRequest } from "./contract.ts";
import { contentCallMethod, contentCallPaths } from "./calls.ts";
import { ContentError } from "./contentError.ts";
import { contactFieldNames } from "./names.ts";

type ParseAnswer = typeof import("./contract.ts").parseAnswer;

/** The contract's own module, where nothing else brings it (the server, the tools, the tests). */
const contractParser = async (): Promise<ParseAnswer> => (await import("./contract.ts")).parseAnswer;

export { ContentError, type ContentErrorKind } from "./contentError.ts";

export interface ContentClientOptions {
  /** Base address; empty means the site's own origin. */
  base: string;
  /**
   * How long a call may take before it fails as a time-out. Absent: the `fetch` given keeps its own
   * (the server's upstream, CONTENT_TIMEOUT_SECONDS), so a content call has one time-out, not two.
   */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Where the answer parser comes from: in the browser, with the rest of a navigation's code (src/app/navigationCode.ts). */
  parser?: () => Promise<ParseAnswer>;
}

/** The outcome of a form call: accepted, rejected with field errors, or failed otherwise. */
export type FormResult =
  | { ok: true; body: unknown }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "rejected" | "failed"; status: number | null }
  /** The service is busy (503) or asks this visitor to slow down (429): the same request may be sent again shortly. */
  | { ok: false; reason: "busy"; status: 429 | 503; retryAfterSeconds: number | null };

/** Retry-After in seconds (CONTENT-API services send seconds; a date form is not used). */
function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get("Retry-After")?.trim();
  const value = header ? Number(header) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : null;
}

interface RequestOptions {
  signal?: AbortSignal | undefined;
  body: BodyInit;
  headers?: Record<string, string>;
}

export function createContentClient(options: ContentClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const loadParser = options.parser ?? contractParser;

  /** The contract's answer parser; its code not arriving is the call failing as the network would. */
  async function answerParser(): Promise<ParseAnswer> {
    try {
      return await loadParser();
    } catch (error) {
      throw new ContentError("network", `the content contract's code could not be loaded: ${String(error)}`);
    }
  }

  /** POST with a time-out; network, time-out and abort failures become a ContentError. */
  async function post(path: string, { signal, body, headers }: RequestOptions): Promise<Response> {
    const controller = new AbortController();
    const timeout = { hit: false };
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timeout.hit = true;
            controller.abort();
          }, options.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort);
    try {
      return await doFetch(`${options.base}${path}`, {
        method: contentCallMethod,
        body,
        signal: controller.signal,
        ...(headers ? { headers } : {}),
      });
    } catch (error) {
      if (timeout.hit) throw new ContentError("timeout", `${path} did not answer within ${String(options.timeoutMs)} ms`);
      if (signal?.aborted) throw new ContentError("aborted", `${path} was cancelled`);
      throw new ContentError("network", `${path} could not be reached: ${String(error)}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async function postJson<K extends AnswerKind>(path: string, payload: unknown, kind: K, signal?: AbortSignal): Promise<Answer<K>> {
    const parser = answerParser();
    parser.catch(() => undefined);
    const response = await post(path, {
      signal,
      body: JSON.stringify(payload),
      headers: { "Content-Type": "application/json" },
    });
    if (!response.ok) throw new ContentError("http", `${path} answered ${response.status}`, response.status);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ContentError("malformed", `${path} did not answer with JSON`, response.status);
    }
    const parsed = (await parser)(kind, json);
    if (!parsed.ok) throw new ContentError("malformed", `${path} answered an unexpected shape: ${parsed.problem}`);
    return parsed.value;
  }

  /** Form calls: 200 with a non-null JSON body is success; 400 carries field errors; the rest is failure. */
  async function submitForm(path: string, body: BodyInit, headers?: Record<string, string>): Promise<FormResult> {
    let response: Response;
    try {
      response = await post(path, { body, ...(headers ? { headers } : {}) });
    } catch {
      return { ok: false, reason: "failed", status: null };
    }
    if (response.status === 503 || response.status === 429) return { ok: false, reason: "busy", status: response.status, retryAfterSeconds: retryAfterSeconds(response) };
    const json = await response.json().then(
      (value: unknown) => ({ value }),
      () => null,
    );
    if (response.status === 200 && json !== null && json.value !== null) return { ok: true, body: json.value };
    if (response.status === 400 && json !== null) {
      const errors = await answerParser().then((parse) => parse("fieldErrors", json.value), () => null);
      if (errors?.ok) return { ok: false, reason: "invalid", errors: errors.value.errors };
    }
    if (response.status === 200) return { ok: false, reason: "rejected", status: 200 };
    return { ok: false, reason: "failed", status: response.status };
  }

  return {
    /** A page by name (fixed routes) or by the visited path (detail pages, catch-all). */
    getPage(request: string, signal?: AbortSignal): Promise<Page> {
      return postJson(contentCallPaths.page, request, "page", signal);
    },

    getMenus(signal?: AbortSignal): Promise<MenuGroup[]> {
      return postJson(contentCallPaths.menus, {}, "menus", signal);
    },

    getResources(signal?: AbortSignal): Promise<Resources> {
      return postJson(contentCallPaths.resources, {}, "resources", signal);
    },

    getContentList(request: ContentListRequest, signal?: AbortSignal): Promise<ContentListResult> {
      return postJson(contentCallPaths.contentList, request, "contentList", signal);
    },

    /** Multipart with exactly the contract's six fields. */
    submitContact(fields: ContactRequest, mode: { presentation: boolean }): Promise<FormResult> {
      const form = new FormData();
      for (const name of contactFieldNames) form.append(name, fields[name]);
      return submitForm(mode.presentation ? contentCallPaths.presentationLead : contentCallPaths.contactLead, form);
    },

    saveThoughtPaperLead(fields: ThoughtPaperLeadRequest): Promise<FormResult> {
      return submitForm(contentCallPaths.thoughtPaperLead, JSON.stringify(fields), {
        "Content-Type": "application/json",
      });
    },

    /** The PDF bytes of a thought paper, by its documentPath. */
    async downloadThoughtPaperPdf(documentUrl: string): Promise<Blob> {
      const response = await post(contentCallPaths.thoughtPaperPdf, {
        body: JSON.stringify({ DocumentURL: documentUrl }),
        headers: { "Content-Type": "application/json" },
      });
      if (!response.ok) {
        throw new ContentError("http", `the thought paper could not be downloaded (${response.status})`, response.status);
      }
      return response.blob();
    },
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;
