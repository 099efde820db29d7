import DOMPurify from "dompurify";
import type { ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { act } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { executableMarkup } from "../../tests/xss.ts";
import { loadPurify, providePurify } from "./htmlWindow.ts";
import { SafeHtml } from "./SafeHtml.tsx";

// The loader, watched: every call is counted and still loads DOMPurify.
vi.mock("./htmlWindow.ts", { spy: true });

const serverContent = '<p>Our <strong>services</strong> <a href="https://example.com" target="_blank">abroad</a></p>';
const hostile = '<p onclick="alert(1)">Next <b>page</b></p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">link</a>';

let root: Root | undefined;
let container: HTMLElement;
let recoverable: unknown[];

beforeEach(() => {
  container = document.body.appendChild(document.createElement("div"));
  recoverable = [];
  vi.mocked(loadPurify).mockClear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  // Back to what the other tests expect (tests/setup.ts).
  providePurify(DOMPurify);
});

/** Runs `update` and waits, in act(), until what it rendered has loaded DOMPurify (the loader's promise) and rendered with it. */
async function renderWhileLoading(update: () => void) {
  await act(async () => {
    update();
    const load = vi.mocked(loadPurify).mock.results.at(-1);
    await (load?.type === "return" ? load.value : undefined);
  });
}

/** The server's HTML of `app` (DOMPurify is always there on the server), then a browser that has not loaded DOMPurify hydrating it. */
function hydrateInBrowser(app: ReactNode) {
  providePurify(DOMPurify);
  container.innerHTML = renderToString(app);
  providePurify(undefined);
  act(() => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
  });
}

describe("SafeHtml in the browser", () => {
  it("keeps the server's sanitized HTML while hydrating, without loading DOMPurify", () => {
    const app = <SafeHtml className="text" html={serverContent} />;
    hydrateInBrowser(app);
    const serverHtml = container.innerHTML;
    const paragraph = container.querySelector("p");
    // React's re-render after hydration (the client snapshot differs) must not rewrite it either.
    act(() => root?.render(app));

    expect(vi.mocked(loadPurify)).not.toHaveBeenCalled();
    expect(recoverable).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    expect(container.querySelector("p")).toBe(paragraph);
    expect(container.querySelector("a")).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("sanitizes new HTML after hydration, loading DOMPurify then, and shows the first HTML again when it comes back", async () => {
    hydrateInBrowser(<SafeHtml html={serverContent} />);

    await renderWhileLoading(() => root?.render(<SafeHtml html={hostile} />));
    expect(vi.mocked(loadPurify)).toHaveBeenCalled();
    expect(container).toHaveTextContent("Next page");
    expect(executableMarkup(container)).toEqual([]);
    expect(container.querySelector("script, [onclick], [onerror]")).toBeNull();

    act(() => root?.render(<SafeHtml html={serverContent} />));
    expect(container.querySelector("strong")).toHaveTextContent("services");
    expect(recoverable).toEqual([]);
  });

  it("renders the next page's HTML sanitized after a client navigation", async () => {
    const app = (
      <MemoryRouter initialEntries={["/"]}>
        <Routes>
          <Route path="/" element={<main><SafeHtml html={serverContent} /><Link to="/next">Next</Link></main>} />
          <Route path="/next" element={<main><SafeHtml as="article" html={hostile} /></main>} />
        </Routes>
      </MemoryRouter>
    );
    hydrateInBrowser(app);
    expect(vi.mocked(loadPurify)).not.toHaveBeenCalled();

    await renderWhileLoading(() => container.querySelector<HTMLAnchorElement>('a[href="/next"]')?.click());
    expect(vi.mocked(loadPurify)).toHaveBeenCalled();
    expect(container.querySelector("article")).toHaveTextContent("Next page");
    expect(executableMarkup(container)).toEqual([]);
    expect(container.querySelector("script, [onclick], [onerror]")).toBeNull();
    expect(recoverable).toEqual([]);
  });
});
