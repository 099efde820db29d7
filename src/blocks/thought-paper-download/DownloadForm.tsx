/**
 * The thought-paper form of SPEC 5.2 inside the download dialog. Loaded only when a visitor
 * opens the dialog, so react-hook-form and the captcha stay out of every page's first load.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Captcha } from "../../forms/captcha/Captcha.tsx";
import type { CaptchaHandle } from "../../forms/captcha/types.ts";
import { usePolledToken } from "../../forms/captcha/usePolledToken.ts";
import { postedFormField, usePostedForm, type PaperDownload } from "../../forms/postedForm.tsx";
import { TextField } from "../../forms/TextField.tsx";
import { usePageAction, type ActionAnswer } from "../../forms/usePageAction.ts";
import { tryAgainMessage } from "../../forms/tryAgain.ts";
import { useRulesForm } from "../../forms/useRulesForm.ts";
import { thoughtPaperRules, type FormValues, type ThoughtPaperField } from "../../forms/validation.ts";
import { useRuntime } from "../../runtime/context.tsx";
import { savePdf } from "./paper.ts";
import "../../forms/form-field.css";

const labels = {
  name: "Full Name",
  Organisation: "Organization",
  email: "Official Email",
  contactNumber: "Contact Number",
} as const;

/** The captcha is asked for its token this often (SPEC 4 polls every 500 ms). */
const captchaPollMs = 500;

export const downloadMessages = {
  /** SaveUserInfo answered null: the service declined, and nothing is downloaded (SPEC 4). */
  declined: "Sorry, this thought paper cannot be downloaded at the moment.",
  failed: "Your details could not be sent. Please check your connection and try again.",
  invalid: "Please check your details:",
  /** The details were saved (the service has them, or the site keeps them until it does) but the PDF could not be fetched. */
  saved: "Your details are saved, so you will not need to enter them again. The thought paper could not be fetched just now: try the download again in a moment.",
  busy: tryAgainMessage,
} as const;

type Unsent = Extract<ActionAnswer, { kind: "unsent" }>["reason"];

/** What each lead not handed on says (a post without the code too). */
const unsentMessages: Record<Unsent, string> = { busy: downloadMessages.busy, rejected: downloadMessages.declined, failed: downloadMessages.failed };

/** What an answer of the route action that keeps the visitor here says; field errors are listed after "invalid"'s words. */
function failureMessage(answer: Exclude<ActionAnswer, { kind: "download" }>): string {
  if (answer.kind === "invalid") return `${downloadMessages.invalid} ${Object.values(answer.errors).join(" ")}`;
  // A thought paper is never answered with a redirect: an answer without the paper is a lead not handed on.
  return unsentMessages[answer.kind === "unsent" ? answer.reason : "failed"];
}

interface DownloadFormProps {
  successPath: string;
  /** What the visitor typed, kept while the dialog is closed (the close button, Escape, a stray tap beside it), so opening it again shows it. */
  draft?: { current: Record<string, string> };
}

/**
 * Submit: the values to the page's route action (src/app/formAction.ts, through the router), which
 * applies SPEC 5.2 and saves the lead with the page's own paper (SaveUserInfo); a null answer
 * stops; otherwise the action answers with the paper, whose PDF is fetched, saved under the
 * paper's name, and the visitor goes to `successPath`. Whatever fails leaves the dialog open with
 * everything typed and says what happened.
 */
export function DownloadForm({ successPath, draft }: DownloadFormProps) {
  const { client } = useRuntime();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const posted = usePostedForm("thoughtPaper");
  const [typedBefore] = useState(() => (draft && Object.keys(draft.current).length > 0 ? { form: "thoughtPaper" as const, errors: {}, values: draft.current } : null));
  const form = useRulesForm(thoughtPaperRules, { token: () => captcha.current?.focus() }, posted ?? typedBefore);
  const { getValues } = form;
  useEffect(
    () => () => {
      if (!draft) return;
      const { token: _token, ...typed } = getValues();
      draft.current = typed;
    },
    [draft, getValues],
  );
  const sendToAction = usePageAction("thoughtPaper");
  const { pathname } = useLocation();
  // Posted without the code and not handed on: the message the form shows with the code too.
  const [failure, setFailure] = useState<string | null>(posted?.unsent ? unsentMessages[posted.unsent] : null);
  /** SaveUserInfo succeeded but the PDF did not come: only the download (this paper) is tried again. */
  const [savedWithoutPdf, setSavedWithoutPdf] = useState<PaperDownload["download"] | null>(null);
  const [fetchingPdf, setFetchingPdf] = useState(false);

  usePolledToken(captcha, {
    active: true,
    startAfterMs: 0,
    everyMs: captchaPollMs,
    onToken: (token) => form.setExternal("token", token),
  });
  const readCaptcha = () => form.setExternal("token", captcha.current?.getResponse() ?? "", { quiet: true });

  async function send(values: FormValues<ThoughtPaperField>) {
    setFailure(null);
    const answer = await sendToAction(values, pathname);
    captcha.current?.tokenUsed();
    if (answer.kind === "download") return download(answer.download);
    readCaptcha();
    if (answer.kind === "invalid") form.showErrors(answer.errors);
    setFailure(failureMessage(answer));
  }

  /** The PDF, saved under the paper's name, then the thank-you page; else the form says the details are saved and offers the download again. */
  async function download(paper: PaperDownload["download"]) {
    try {
      savePdf(await client.downloadThoughtPaperPdf(paper.documentPath), paper.fileName);
    } catch (error) {
      console.warn("thought paper download failed:", error);
      setSavedWithoutPdf(paper);
      setFailure(downloadMessages.saved);
      readCaptcha();
      return;
    }
    void navigate(successPath);
  }

  async function downloadAgain(paper: PaperDownload["download"]) {
    if (fetchingPdf) return;
    setFetchingPdf(true);
    setFailure(null);
    await download(paper);
    setFetchingPdf(false);
  }

  const field = (name: Exclude<ThoughtPaperField, "token">) => ({
    label: labels[name],
    binding: form.field(name),
    message: form.message(name),
    errorId: form.errorId(name),
  });
  const captchaError = form.message("token");

  return (
    // A real post to the paper's page (../../forms/formPost.ts), with the contract's field names; with the code, the same post goes through the router.
    <form className="tp-form" data-site-form="" method="post" action={pathname} noValidate aria-busy={form.sending} onSubmit={(event) => {
        if (!savedWithoutPdf) return form.submit(event, send, readCaptcha);
        event.preventDefault();
        void downloadAgain(savedWithoutPdf);
      }}>
      <input type="hidden" name={postedFormField} value="thoughtPaper" />
      <TextField {...field("name")} autoComplete="name" />
      <TextField {...field("Organisation")} autoComplete="organization" />
      <TextField {...field("email")} type="email" autoComplete="email" />
      <TextField {...field("contactNumber")} type="tel" autoComplete="tel" />
      <div className="tp-form__captcha">
        <Captcha ref={captcha} error={captchaError ? { id: form.errorId("token") } : null} />
        {captchaError && (
          <p className="form-error" id={form.errorId("token")}>
            {captchaError}
          </p>
        )}
      </div>
      {failure && (
        <p className="form-error tp-form__failure" role="alert">
          {failure}
        </p>
      )}
      <div className="tp-form__actions">
        {savedWithoutPdf ? (
          // The details are saved: only the PDF is asked for again, never a second lead.
          <button type="submit" className="button" aria-disabled={fetchingPdf || undefined}>
            Try the download again
          </button>
        ) : (
          <button type="submit" className="button" aria-disabled={form.sending || undefined}>
            Download
          </button>
        )}
        <span className="tp-form__status" role="status">
          {form.sending || fetchingPdf ? "Preparing your download..." : ""}
        </span>
      </div>
    </form>
  );
}
