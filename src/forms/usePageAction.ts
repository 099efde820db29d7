/**
 * A form submitted with the code (issue 20): its values go, as FormData, to the page's route
 * action through the router (a fetcher), the very action the server runs for the same form posted
 * before the code arrived or without it (src/app/formAction.ts, ./formPost.ts). There is no
 * second submit path: the action applies SPEC 5 and hands the lead on through the content
 * client, and its answer drives the form. Imported only by the lazily loaded form blocks.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router-dom";
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
  /** The fetcher as rendered when the form was submitted: the answer is a later one, idle again. */
  from: FetcherWithComponents<unknown>;
  /** The router is done with the submission (the action answered, and any redirect was followed). */
  answered: boolean;
}

/**
 * `send(values, address)` posts the form's values (and the hidden field naming the form) to the
 * route action of `address`, and resolves with the action's answer once it is in. When the action
 * redirects, the router follows it (the thank-you page) and the form, left behind, usually
 * unmounts before it hears anything; if it is still there it hears `sent-on`.
 */
export function usePageAction(form: FormKind) {
  // A key of its own: should the form be mounted anew while its post is in flight, the router keeps
  // the submission (an unkeyed fetcher left behind is deleted, and its redirect to the thank-you page dropped).
  const fetcher = useFetcher<unknown>({ key: `page-action:${form}` });
  /** The fetcher as last rendered (the router's updates are transitions: they reach the page when React commits them). */
  const rendered = useRef(fetcher);
  const waiting = useRef<Waiting | null>(null);

  // The answer is the fetcher's data once the router is done and React has rendered the fetcher
  // idle again. Nothing here depends on seeing each state in between: React may skip some.
  const settle = useCallback(() => {
    const current = waiting.current;
    const shown = rendered.current;
    if (!current?.answered || shown === current.from || shown.state !== "idle") return;
    waiting.current = null;
    // No new data: the action redirected (or answered `null` twice running); either way the form keeps everything typed.
    current.resolve(readActionAnswer(shown.data === current.from.data ? undefined : shown.data));
  }, []);

  useEffect(() => {
    rendered.current = fetcher;
    settle();
  }, [fetcher, settle]);

  const { submit } = fetcher;
  return useCallback(
    (values: Record<string, string>, address: string) =>
      new Promise<ActionAnswer>((resolve) => {
        const body = new FormData();
        body.set(postedFormField, form);
        for (const [name, value] of Object.entries(values)) body.set(name, value);
        const pending: Waiting = { resolve, from: rendered.current, answered: false };
        waiting.current = pending;
        // No revalidation: a lead changes nothing on the page.
        void submit(body, { method: "post", action: address, defaultShouldRevalidate: false }).then(() => {
          pending.answered = true;
          settle();
        });
      }),
    [form, submit, settle],
  );
}
