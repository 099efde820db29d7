import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { config } from "../../config.ts";
import { Captcha } from "../../forms/captcha/Captcha.tsx";
import type { CaptchaHandle } from "../../forms/captcha/types.ts";
import { usePolledToken } from "../../forms/captcha/usePolledToken.ts";
import { addressSaysPresentation, contactFromParam, presentationServicesFrom } from "../../forms/contactMode.ts";
import { postedFormField, usePostedForm } from "../../forms/postedForm.tsx";
import { TextField } from "../../forms/TextField.tsx";
import { usePageAction } from "../../forms/usePageAction.ts";
import { tryAgainMessage } from "../../forms/tryAgain.ts";
import { useRulesForm } from "../../forms/useRulesForm.ts";
import { contactRules, type ContactField, type FormValues } from "../../forms/validation.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { useResourceText } from "../../runtime/siteData.ts";
import { Section } from "../../ui/Section.tsx";
import { readStored, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { toPlainText } from "../../ui/text.ts";
import type { ContactFormOptions } from "./options.ts";
import { contactTiming } from "./timing.ts";
import { usePreloadOverlay } from "./usePreloadOverlay.ts";
import "./contact-form.css";

/** SPEC 2.7: the text resources of the form's captions; their defaults are in registry/resource-defaults.json. */
const captionKeys = {
  title: "CU-TITLE",
  button: "CU-BUTTON",
  name: "CU-TEXTBOX1-CAPTION",
  Organisation: "CU-TEXTBOX2-CAPTION",
  email: "CU-TEXTBOX3-CAPTION",
  contactNumber: "CU-TEXTBOX4-CAPTION",
  message: "CU-TEXTAREA-CAPTION",
} as const;

/** The local test captcha is plain HTML: it is in the page from the start, so the form can be posted before the code arrives. */
const captchaInHtml = config.recaptchaSiteKey === "";

/**
 * SPEC 4: one second after the form appears the captcha appears and the presentation-service
 * flag is read (it selects the variant of the form and the call it posts to). The page's
 * address may say presentation mode from the start (../../forms/contactMode.ts), on the server
 * too; then the flag is stored as well, as the way here would have with the code.
 */
function useCaptchaStage(fromAddress: boolean) {
  const [stage, setStage] = useState({ captchaShown: captchaInHtml, presentation: fromAddress });
  useEffect(() => {
    if (fromAddress) writeStored(storedKeys.presentationService, "true");
    const timer = setTimeout(() => {
      setStage({ captchaShown: true, presentation: fromAddress || readStored(storedKeys.presentationService) === "true" });
    }, contactTiming.captchaAfterMs);
    return () => clearTimeout(timer);
  }, [fromAddress]);
  return stage;
}

/**
 * The contact page's query with the mode the form is in: presentation mode (from the address or
 * the stored flag) is said in the address the form posts to, so the route action judges the
 * post by the same rules, with the code or without.
 */
function withPresentation(search: string, presentation: boolean): string {
  if (!presentation || addressSaysPresentation(search)) return search;
  const query = new URLSearchParams(search);
  query.set(contactFromParam, presentationServicesFrom);
  return `?${query.toString()}`;
}

/** The contact form of SPEC 2.7, 4 and 5.1. */
export function ContactForm({ title, slotId }: BlockProps<ContactFormOptions>) {
  const text = useResourceText();
  const caption = (key: keyof typeof captionKeys) => toPlainText(text(captionKeys[key]));
  const { pathname, search } = useLocation();
  const { captchaShown, presentation } = useCaptchaStage(addressSaysPresentation(search));
  const rules = useMemo(() => contactRules({ presentation }), [presentation]);
  const captcha = useRef<CaptchaHandle>(null);
  const posted = usePostedForm("contact");
  const form = useRulesForm(rules, { token: () => captcha.current?.focus() }, posted);
  const sendToAction = usePageAction("contact");
  /** Where the form posts, with the code or without: the page's route action; its query says the mode (a stored flag too). */
  const action = `${pathname}${withPresentation(search, presentation)}`;
  const overlay = usePreloadOverlay(contactTiming.overlayFadeMs);
  /** The service was busy or asked to slow down: the one failure worth a message, since sending again helps (a post without the code too). */
  const [busy, setBusy] = useState(posted?.unsent === "busy");

  usePolledToken(captcha, {
    active: captchaShown,
    startAfterMs: contactTiming.pollAfterMs,
    everyMs: contactTiming.pollEveryMs,
    onToken: (token) => form.setExternal("token", token),
  });

  /** The values to the page's route action, through the router; its answer decides what the visitor sees. */
  async function send(values: FormValues<ContactField>) {
    setBusy(false);
    overlay.show();
    const answer = await sendToAction(values, action);
    captcha.current?.tokenUsed();
    window.scrollTo(0, 0);
    overlay.fadeOut();
    // Only an accepted request leaves the page (the action's redirect to `successPath`, which the
    // router follows); otherwise everything typed stays, with the rules' messages on their fields.
    // SPEC 8 shows no other message, except when the service is busy: then trying again is the visitor's way on.
    if (answer.kind === "sent-on") return;
    setBusy(answer.kind === "unsent" && answer.reason === "busy");
    form.setExternal("token", captcha.current?.getResponse() ?? "", { quiet: true });
    if (answer.kind === "invalid") form.showErrors(answer.errors);
  }

  // A visitor may tick the box and submit within one poll: the token is read once more on submit.
  const readCaptcha = () => form.setExternal("token", captcha.current?.getResponse() ?? "", { quiet: true });

  const field = (name: Exclude<ContactField, "token">) => ({
    label: caption(name),
    binding: form.field(name),
    message: form.message(name),
    errorId: form.errorId(name),
  });
  const captchaError = form.message("token");

  return (
    <Section title={title ?? caption("title")} slotId={slotId} className="contact-form">
      {/* data-site-form: the site's own form, as opposed to one slipped into content (tests/xss.ts).
          A real post to this address (its query says the mode); with the code, the same post goes through the router. */}
      <form
        className="contact-form__form"
        data-site-form=""
        method="post"
        action={action}
        noValidate
        aria-busy={form.sending}
        onSubmit={(event) => form.submit(event, send, readCaptcha)}
      >
        <input type="hidden" name={postedFormField} value="contact" />
        <TextField {...field("name")} autoComplete="name" />
        <TextField {...field("Organisation")} autoComplete="organization" />
        <TextField {...field("email")} type="email" autoComplete="email" />
        <TextField {...field("contactNumber")} type="tel" autoComplete="tel" />
        <TextField {...field("message")} type="multiline" />
        <div className="contact-form__captcha">
          {captchaShown && <Captcha ref={captcha} error={captchaError ? { id: form.errorId("token") } : null} />}
          {captchaError && (
            <p className="form-error" id={form.errorId("token")}>
              {captchaError}
            </p>
          )}
        </div>
        {busy && (
          <p className="form-error contact-form__failure" role="alert">
            {tryAgainMessage}
          </p>
        )}
        <div className="contact-form__actions">
          <button type="submit" className="button" aria-disabled={form.sending || undefined}>
            {caption("button")}
          </button>
        </div>
      </form>
      {overlay.state !== "hidden" && (
        <div className={`contact-form__overlay ${overlay.state === "fading" ? "is-fading" : ""}`} role="status">
          <span className="contact-form__spinner" aria-hidden="true" />
          <span className="visually-hidden">{overlay.state === "shown" ? "Sending your request..." : ""}</span>
        </div>
      )}
    </Section>
  );
}

export const block = defineBlock<ContactFormOptions>("contact-form", ContactForm);
