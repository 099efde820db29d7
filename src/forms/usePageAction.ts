/**
 * A form submitted with the code (issue 20): its values go, as FormData, to the page's route
 * action through the router (a fetcher), the very action the server runs for the same form posted
 * before the code arrived or without it (src/app/formAction.ts, ./formPost.ts). There is no
 * second submit path: the action applies SPEC 5 and hands the lead on through the content
 * client, and its answer drives the form. Imported only by the lazily loaded form blocks.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router-dom";
import type { FormKind } from "./formPost.ts";
import { isPaperDownload, isPostedForm, postedFormField, type PaperDownload, type PostedForm } from "./postedForm.tsx";

/**
 * What the route action answered a form submitted with the code, as the
 * form acts on it: the paper to download, SPEC 5's messages by field, a lead not handed on (why),
 * or nothing: the action sent the visitor on (the thank-you redirect, which the router follows).
 * Any other answer (the page could not be resolved, or no longer shows the form) is a lead not
 * handed on: everything typed stays.
 */
export type ActionAnswer =
  | { kind: "download"; download: PaperDownload["download"] }
  | { kind: "invalid"; errors: Record<string, string> }
  | { kind: "unsent"; reason: NonNullable<PostedForm["unsent"]> }
  | { kind: "sent-on" };

function readActionAnswer(answer: unknown): ActionAnswer {
  if (answer === undefined) return { kind: "sent-on" };
  if (isPaperDownload(answer)) return { kind: "download", download: answer.download };
  if (isPostedForm(answer) && !answer.unsent) return { kind: "invalid", errors: answer.errors };
  return { kind: "unsent", reason: isPostedForm(answer) && answer.unsent ? answer.unsent : "failed" };
}

interface Waiting {
  resolve: (answer: ActionAnswer) => void;
  /** The fetcher's data before this submission: an answer is new data. */
  before: unknown;
  /** The router has taken the submission (the fetcher was seen submitting). */
  taken: boolean;
}

/**
 * `send(values, address)` posts the form's values (and the hidden field naming the form) to the
 * route action of `address`, and resolves with the action's answer once it is in. When the action
 * redirects, the router follows it (the thank-you page) and the form, left behind, usually
 * unmounts before it hears anything; if it is still there it hears `sent-on`.
 */
export function usePageAction(form: FormKind) {
  const fetcher = useFetcher<unknown>();
  const waiting = useRef<Waiting | null>(null);

  // The router hands the action's answer over as the fetcher's data. Its first state after
  // "submitting" is the answer: new data, or (a redirect) "loading" on to the next page.
  useEffect(() => {
    const current = waiting.current;
    if (!current) return;
    if (fetcher.state === "submitting") {
      current.taken = true;
      return;
    }
    if (!current.taken) return;
    waiting.current = null;
    // A repeated `null` (the page could not be resolved twice running) reads as no new data:
    // either way the form keeps everything typed.
    current.resolve(readActionAnswer(fetcher.data === current.before ? undefined : fetcher.data));
  }, [fetcher.state, fetcher.data]);

  const { submit, data } = fetcher;
  return useCallback(
    (values: Record<string, string>, address: string) =>
      new Promise<ActionAnswer>((resolve) => {
        const body = new FormData();
        body.set(postedFormField, form);
        for (const [name, value] of Object.entries(values)) body.set(name, value);
        waiting.current = { resolve, before: data, taken: false };
        // flushSync: the "submitting" state is rendered at once, so the effect above sees it.
        // No revalidation: a lead changes nothing on the page.
        void submit(body, { method: "post", action: address, flushSync: true, defaultShouldRevalidate: false });
      }),
    [form, submit, data],
  );
}
