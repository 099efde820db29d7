import { Link } from "react-router-dom";

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
  return (
    <section className="status-screen" aria-labelledby="not-found-title">
      <title>Page not found</title>
      <p className="status-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title" className="status-screen__title">
        <span className="visually-hidden">404: </span>This page could not be found
      </h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <Link className="button" to="/Home">
        Go to the home page
      </Link>
    </section>
  );
}

/** A page whose content could not be fetched: said plainly, with a way to try again. */
export function LoadErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="status-screen" aria-labelledby="load-error-title" role="alert">
      <h1 id="load-error-title" className="status-screen__title">
        This page could not be loaded
      </h1>
      <p>The content service did not answer. Check your connection and try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
