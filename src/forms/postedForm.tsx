/**
 * What the server answered to a form the browser posted itself (./formPost.ts), for the form
 * to show: SPEC 5's messages by field and everything the visitor typed. The route (the router's
 * action data) provides it; a form reads it as its starting state, and from there
 * react-hook-form takes over as the visitor types or submits again.
 */
import { createContext, use } from "react";
import type { FormKind, FormPostResult, PostedValues } from "./formPost.ts";

/** The hidden field naming the form posted (`contact` or `thoughtPaper`): a page may show both. */
export const postedFormField = "form";

export interface PostedForm {
  form: FormKind;
  errors: Record<string, string>;
  values: PostedValues;
  /** Valid, but not handed on (SPEC 8): why, so the form says what it says with the code too. */
  unsent?: Extract<FormPostResult, { kind: "unsent" }>["reason"];
}

/** The action data of a page is a posted form's answer (or something else: a download, nothing). */
export function isPostedForm(value: unknown): value is PostedForm {
  return typeof value === "object" && value !== null && "form" in value && "values" in value && "errors" in value;
}

/** An accepted thought paper posted without the code: the server answers with its PDF (src/ssr/entry-server.tsx). */
export interface PaperDownload {
  download: { documentPath: string; fileName: string };
}

export function isPaperDownload(value: unknown): value is PaperDownload {
  return typeof value === "object" && value !== null && "download" in value;
}

export const PostedFormContext = createContext<PostedForm | null>(null);

/** The posted answer meant for this form, if any. */
export function usePostedForm(form: FormKind): PostedForm | null {
  const posted = use(PostedFormContext);
  return posted?.form === form ? posted : null;
}
