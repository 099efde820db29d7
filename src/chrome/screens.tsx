import { Link } from "react-router-dom";
import { useContext } from "react";
import { pathTo } from "../content/paths.ts";
import { RuntimeContext } from "../runtime/context.tsx";
import type { LoadFailure } from "../runtime/pageData.ts";

/** SPEC 2.3 item 1: the full-page loading screen, held until the content is there. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span className="loading-screen__text">Loading...</span>
    </div>
  );
}

/** SPEC 2.1 / 8: the not-found screen. */
export function NotFound() {
  // On the server the document's own head carries the title.
  const serverRender = useContext(RuntimeContext)?.serverRender === true;
  return (
    <section className="status-screen" aria-labelledby="not-found-title">
      {!serverRender && <title>Page not found</title>}
      <p className="status-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title" className="status-screen__title">
        <span className="visually-hidden">404: </span>This page could not be found
      </h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <Link className="button" to={pathTo("home")}>
        Go to the home page
      </Link>
    </section>
  );
}

/** What went wrong, in the visitor's words: no answer at all, an error answer, or an answer the site could not read. */
export function loadErrorText(failure: LoadFailure): string {
  switch (failure.kind) {
    case "http":
      return `The content service answered with an error${failure.httpStatus === undefined ? "" : ` (${failure.httpStatus})`}. Try again in a moment.`;
    case "malformed":
      return "The content service sent an answer this site could not read. Try again in a moment.";
    case "timeout":
      return "The content service took too long to answer. Check your connection and try again.";
    case "network":
    case "aborted":
    case "other":
      return "The content service did not answer. Check your connection and try again.";
  }
}

/** A page whose content could not be fetched: said plainly, with a way to try again. */
export function LoadErrorScreen({ failure, onRetry }: { failure: LoadFailure; onRetry: () => void }) {
  return (
    <section className="status-screen" aria-labelledby="load-error-title" role="alert">
      <h1 id="load-error-title" className="status-screen__title">
        This page could not be loaded
      </h1>
      <p>{loadErrorText(failure)}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
