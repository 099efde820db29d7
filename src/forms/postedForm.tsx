/**
 * What the server answered to a form the browser posted itself (./formPost.ts), for the form
 * to show: SPEC 5's messages by field and everything the visitor typed. The route (the router's
 * action data) provides it; a form reads it as its starting state, and from there
 * react-hook-form takes over as the visitor types or submits again.
 */
import { createContext, use } from "react";
import type { FormKind, PostedValues } from "./formPost.ts";

export interface PostedForm {
  form: FormKind;
  errors: Record<string, string>;
  values: PostedValues;
}

export const PostedFormContext = createContext<PostedForm | null>(null);

/** The posted answer meant for this form, if any. */
export function usePostedForm(form: FormKind): PostedForm | null {
  const posted = use(PostedFormContext);
  return posted?.form === form ? posted : null;
}
