import { lazy, Suspense, useId, useRef, useState, type MouseEvent } from "react";
import { useLocation } from "react-router-dom";
import { downloadParam } from "../../content/canonicalAddress.ts";
import { usePostedForm } from "../../forms/postedForm.tsx";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { ThoughtPaperDownloadOptions } from "./options.ts";
import { ownPaper } from "./paper.ts";
import "./thought-paper-download.css";

const loadForm = () => import("./DownloadForm.tsx");
const DownloadForm = lazy(() => loadForm().then((m) => ({ default: m.DownloadForm })));

const formAnchor = "tp-download-form";

/**
 * The thought paper of a detail page with its download button (SPEC 2.9, 4). The button's
 * value is the paper's documentPath (the paper itself comes from the page, in the route action);
 * a click opens the form in a modal dialog, whose code
 * starts loading as soon as the visitor points at or focuses the button.
 *
 * Without the code (issue 20) the button submits its little GET form: the page comes back with
 * `?download` and the form shown in place (likewise when the server answers a posted form with
 * its messages), posting to the page's action (src/app/formAction.ts), which answers the PDF.
 */
export function ThoughtPaperDownload({ items, options, title, slotId }: BlockProps<ThoughtPaperDownloadOptions>) {
  const { pathname, search } = useLocation();
  const posted = usePostedForm("thoughtPaper");
  const inPlace = new URLSearchParams(search).has(downloadParam) || posted !== null;
  const headingId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  /** What was typed in the dialog, kept while it is closed. */
  const draft = useRef<Record<string, string>>({});
  const paper = ownPaper(items, pathname);
  if (!paper) return null;
  const name = toPlainText(paper.title);
  const path = paper.documentPath?.trim() ?? "";

  const open = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    setDialogOpen(true);
  };
  const preload = () => void loadForm();

  return (
    <Section title={title} slotId={slotId} className="tp-download">
      <div className="tp-download__paper">
        <ContentImage className="tp-download__image" src={paper.image} alt="" ratio={[16, 10]} />
        <div className="tp-download__text">
          <p className="tp-download__name">{name}</p>
          <SafeHtml className="tp-download__summary" html={paper.shortDesc} />
          {path && inPlace ? null : path ? (
            // data-site-form: the site's own form (tests/xss.ts); without script it asks this page for the form in place.
            <form data-site-form="" method="get" action={`${pathname}#${formAnchor}`}>
              <button type="submit" className="button" name={downloadParam} value={path} onClick={open} onPointerEnter={preload} onFocus={preload}>
                {options.buttonLabel}
              </button>
            </form>
          ) : (
            <p className="tp-download__unavailable">The PDF of this paper is not available yet.</p>
          )}
        </div>
      </div>
      {path && inPlace && (
        <section className="tp-download__form" id={formAnchor} aria-labelledby={headingId}>
          <h2 id={headingId} className="tp-dialog__title">
            Download the thought paper
          </h2>
          <Suspense fallback={<p role="status">Loading the form...</p>}>
            <DownloadForm successPath={options.successPath} />
          </Suspense>
        </section>
      )}
      {dialogOpen && (
        <Dialog labelledBy={headingId} onClose={() => setDialogOpen(false)} returnFocus={() => opener.current} className="tp-dialog">
          <h2 id={headingId} className="tp-dialog__title">
            Download the thought paper
          </h2>
          <p className="tp-dialog__paper">{name}</p>
          <Suspense fallback={<p role="status">Loading the form...</p>}>
            <DownloadForm successPath={options.successPath} draft={draft} />
          </Suspense>
        </Dialog>
      )}
    </Section>
  );
}

export const block = defineBlock<ThoughtPaperDownloadOptions>("thought-paper-download", ThoughtPaperDownload);
