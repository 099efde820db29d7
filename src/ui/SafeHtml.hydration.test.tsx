/**
 * SafeHtml in the browser: hydrating the server's page keeps the HTML the server sanitized and
 * never loads DOMPurify for it; content the element shows afterwards is sanitized, DOMPurify being
 * loaded then. Each test takes a fresh SafeHtml module (no sanitizer provided, as in the browser)
 * and counts the loads of ./sanitize.ts.
 */
import { startTransition, useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { executableMarkup } from "../../tests/xss.ts";
import { withReactScheduling } from "../../tests/reactScheduling.ts";
import { sanitizeHtml } from "./sanitize.ts";

// React's own scheduling, as in the browser (not act()'s).
withReactScheduling();
let loads = 0;
let root: Root | undefined;

beforeEach(() => {
  loads = 0;
  vi.resetModules();
  vi.doMock("./sanitize.ts", async (original: () => Promise<typeof import("./sanitize.ts")>) => {
    loads++;
    return original();
  });
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.doUnmock("./sanitize.ts");
  document.body.replaceChildren();
});

/** Renders nothing; says when React has committed the tree it is in (its effects run after). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

type SafeHtmlComponent = typeof import("./SafeHtml.tsx").SafeHtml;

const content = '<p>Our <strong>studios</strong></p><img src="x" onerror="alert(1)">';

/** A page the server rendered: the element with the server's sanitized HTML in it. */
function serverPage(): HTMLElement {
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = `<div class="lead">${sanitizeHtml(content)}</div>`;
  return container;
}

/**
 * Hydrates `container` (a server page) with a SafeHtml of `content`, the browser keeping the
 * server's HTML; resolves once React has committed, and its re-render with the browser's snapshot with it.
 */
async function hydrateKeeping(SafeHtml: SafeHtmlComponent, container: HTMLElement, errors: unknown[] = []) {
  let commits = 0;
  const committed = () => {
    commits++;
  };
  startTransition(() => {
    root = hydrateRoot(
      container,
      <>
        <SafeHtml className="lead" html={content} />
        <Committed onCommit={committed} />
      </>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  await waitFor(() => expect(commits).toBe(1));
}

it("keeps the server's sanitized HTML while hydrating, without loading DOMPurify, and sanitizes what comes after", async () => {
  const { SafeHtml, keepServerHtmlWhileHydrating } = await import("./SafeHtml.tsx");
  const container = serverPage();
  const serverParagraph = container.querySelector("p");
  const errors: unknown[] = [];
  keepServerHtmlWhileHydrating();
  // Hydrated, and React's re-render after it with the browser's snapshot: the very nodes the server wrote.
  await hydrateKeeping(SafeHtml, container, errors);
  expect(container.querySelector("p")).toBe(serverParagraph);
  expect(container.querySelector("strong")).toHaveTextContent("studios");
  expect(errors).toEqual([]);
  expect(loads).toBe(0);

  // New content (a slider's next item): sanitized, with DOMPurify loaded for it.
  root?.render(<SafeHtml className="lead" html={'<p>Next <a href="javascript:alert(1)">item</a></p><script>alert(2)</script>'} />);
  await waitFor(() => expect(container).toHaveTextContent("Next item"));
  expect(executableMarkup(container)).toEqual([]);
  expect(loads).toBe(1);

  // And back to the first: shown again, sanitized (the element no longer holds the server's HTML).
  root?.render(<SafeHtml className="lead" html={content} />);
  await waitFor(() => expect(container.querySelector("strong")).toHaveTextContent("studios"));
  expect(executableMarkup(container)).toEqual([]);
});

it("shows the content in a new element when the tag changes after hydrating (nothing in it to keep)", async () => {
  const { SafeHtml, keepServerHtmlWhileHydrating } = await import("./SafeHtml.tsx");
  const container = serverPage();
  keepServerHtmlWhileHydrating();
  await hydrateKeeping(SafeHtml, container);
  root?.render(<SafeHtml as="section" className="lead" html={content} />);
  await waitFor(() => expect(container.querySelector("section.lead strong")).toHaveTextContent("studios"));
});

it("sanitizes in a render of the browser's own (a page reached inside the site), loading DOMPurify the first time", async () => {
  const { SafeHtml } = await import("./SafeHtml.tsx");
  const { createRoot } = await import("react-dom/client");
  const container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  root.render(<SafeHtml className="lead" html={content} />);
  await waitFor(() => expect(container.querySelector("strong")).toHaveTextContent("studios"));
  expect(executableMarkup(container)).toEqual([]);
  expect(loads).toBe(1);
});

it("hydrates like any element where the server's HTML is not kept (a page rendered by the tests or the server), sanitizing it", async () => {
  const { SafeHtml, provideSanitizer } = await import("./SafeHtml.tsx");
  provideSanitizer(sanitizeHtml);
  const container = serverPage();
  startTransition(() => {
    root = hydrateRoot(container, <SafeHtml className="lead" html={content} />);
  });
  await waitFor(() => expect(container.querySelector("strong")).toHaveTextContent("studios"));
  expect(loads).toBe(0);
});
