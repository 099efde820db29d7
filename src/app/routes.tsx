/**
 * The router's routes: the route table (src/runtime/routeTable.ts) with a loader, an action and
 * an element each, in one module as React Router's route modules keep them, inside the site's shell, whose own loader (the root route's) returns the site's chrome:
 * menus and text resources (src/runtime/siteData.ts). One set for the server (createStaticHandler), the browser
 * (createBrowserRouter) and the tests (createMemoryRouter). A content route's loader returns its
 * resolved page (src/runtime/pageData.ts) and decides its status: 404 for a page the service
 * does not have, a 302 to `/` when the route's `missing` rule says "home", 503 when the service
 * failed. Every content route takes the posts of the forms its page shows (./formAction.ts,
 * loaded only when a form is posted to the router).
 */
import { data, redirect, useActionData, useLoaderData, useLocation, useRevalidator, useRouteError, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from "react-router-dom";
import { LoadErrorScreen, LoadingScreen, NotFound } from "../chrome/screens.tsx";
import { canonicalPath } from "../content/canonicalAddress.ts";
import { isPostedForm, PostedFormContext } from "../forms/postedForm.tsx";
import type { Runtime } from "../runtime/context.tsx";
import { loadFailure, type PageData } from "../runtime/pageData.ts";
import { PageRenderer } from "../runtime/PageRenderer.tsx";
import { pageRequest, siteRouteEntries, type RouteConfig } from "../runtime/routeTable.ts";
import { ROOT_ROUTE_ID } from "../runtime/siteData.ts";
import { SiteShell } from "./App.tsx";
import { DevLayoutInspector } from "./DevLayoutInspector.tsx";
import { PageEffects, useAncestorPage } from "./PageEffects.tsx";
import { PageHead } from "./pageHead.tsx";
import { retryLater } from "./retryLater.ts";

/** SPEC 2.3 item 1: the loading screen stays up at least this long (0 on the server). */
function minimumTime(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The code the first page this app resolves itself needs (./navigationCode.ts: the page loader,
 * the contract's and the blocks' option schemas, zod): one file. A page the server rendered
 * hydrates without it. Asked for by a navigation, and earlier by the visitor's intent to follow
 * a link (./start.tsx).
 */
export const loadNavigationCode = () => import("./navigationCode.ts");

/**
 * The route's page through the page loader (../runtime/loadPage.ts loadPageData); the loader's
 * code not arriving is a failure to load the page: the retry screen. The route's request is
 * computed here, once, and the page's own content call starts at once, while the code is on its way.
 */
async function routePageData(runtime: Runtime, route: RouteConfig, url: URL, signal: AbortSignal): Promise<PageData> {
  // The page's content and, when the route names it, its layout are asked for first: they, not the
  // code, are what the page waits for on a phone's six connections (docs/performance.md).
  const asked = pageRequest(route, url.pathname);
  const page = runtime.client.getPage(asked.request, signal);
  page.catch(() => undefined);
  if (asked.layout !== undefined) runtime.layouts(asked.layout).catch(() => undefined);
  const code = loadNavigationCode();
  let loader: typeof import("./navigationCode.ts");
  try {
    loader = await code;
  } catch (error) {
    console.warn("the page loader's code could not be loaded:", error);
    return { status: "failed", failure: { kind: "network" } };
  }
  return loader.loadPageData(runtime, asked, url, signal, page);
}

/** The one place a page the service does not have becomes a 404, or a redirect home. */
function pageLoader(runtime: Runtime, route: RouteConfig) {
  return async ({ request }: LoaderFunctionArgs) => {
    // A preview the router cannot carry: the server renders the next page (the browser leaves this one meanwhile).
    if (runtime.loadWholePage) {
      runtime.loadWholePage(new URL(request.url));
      return new Promise<never>(() => undefined);
    }
    // A page has one address (src/content/canonicalAddress.ts): a link to another spelling followed in the
    // browser lands on it, the address bar showing the page's own (the server answers such a request with a 301).
    const { pathname, search } = new URL(request.url);
    const canonical = canonicalPath(pathname);
    if (canonical !== null && canonical !== pathname) return redirect(`${canonical}${search}`, 301);
    const [loaded] = await Promise.all([routePageData(runtime, route, new URL(request.url), request.signal), minimumTime(runtime.loadingDelayMs, request.signal)]);
    switch (loaded.status) {
      case "ready":
        return loaded;
      case "missing":
        if ((route.missing ?? "not-found") === "home") return redirect("/", 302);
        return data(loaded, { status: 404 });
      case "failed":
        return data(loaded, retryLater);
    }
  };
}

/**
 * A form posted to the page, by the browser itself (no code yet) or by the form's code through the
 * router: its lead goes out through `runtime.leadClient` (the server's own /api handler), else the
 * page's client (in the browser, its /api calls).
 */
export function formAction(runtime: Runtime, route: RouteConfig) {
  return async (args: ActionFunctionArgs) => {
    let action: typeof import("./formAction.ts");
    try {
      action = await import("./formAction.ts");
    } catch (error) {
      // The action's code did not arrive (a flaky network, a new deployment): the lead was not
      // handed on, and the form keeps everything typed, instead of the page giving way to the retry screen.
      console.warn("the form's action could not be loaded:", error);
      return data(null, retryLater);
    }
    return action.pageAction(runtime, route, runtime.leadClient ?? runtime.client)(args);
  };
}

/**
 * A list view's search, sort, filter and page live in the query string and are the list block's
 * business: a new query on the same page keeps the page (the block asks for its list itself).
 */
function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return defaultShouldRevalidate && (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search);
}

/** The resolved page its route's loader returned, on screen. */
function PageView({ path }: { path: string }) {
  const loaded = useLoaderData<PageData>();
  // A form the browser posted itself, answered by the route's action (./formAction.ts): its messages and values.
  const actionData: unknown = useActionData();
  const revalidator = useRevalidator();
  // Trying a page that failed again shows the loading screen; a page on screen stays while the menus are asked again (src/chrome/Header.tsx).
  if (revalidator.state === "loading" && loaded.status === "failed") return <LoadingScreen />;
  switch (loaded.status) {
    case "failed":
      return <LoadErrorScreen failure={loaded.failure} onRetry={() => void revalidator.revalidate()} />;
    case "missing":
      return <NotFound />;
    case "ready":
      return (
        <>
          <PageHead page={loaded.page} path={path} />
          <PostedFormContext value={isPostedForm(actionData) ? actionData : null}>
            <PageRenderer page={loaded.page} slots={loaded.slots} problems={loaded.problems} allAtOnce={loaded.serverRendered} firstPictures={loaded.firstPictures} />
          </PostedFormContext>
          <PageEffects page={loaded.page} settings={loaded.layout.settings} />
          {/* Dev only: a production build drops the inspector and never runs it (src/app/DevLayoutInspector.tsx). */}
          {import.meta.env.DEV && <DevLayoutInspector page={loaded.page} layout={loaded.layout} path={path} />}
        </>
      );
  }
}

/** One content route: a fresh page view per visited path. */
function PageRoute({ route }: { route: RouteConfig }) {
  const { pathname } = useLocation();
  useAncestorPage(("ancestor" in route ? route.ancestor : undefined) !== false);
  return <PageView key={pathname} path={pathname} />;
}

/** A loader or page that threw (not a content failure, which the loader answers itself): the retry screen. */
function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  console.error("the page failed:", error);
  return <LoadErrorScreen failure={loadFailure(error)} onRetry={() => void revalidator.revalidate()} />;
}

export function siteRoutes(runtime: Runtime): RouteObject[] {
  const children = siteRouteEntries.map(({ id, path, handle }): RouteObject => {
    if (handle.kind === "redirect") {
      const to = handle.to;
      // Its element shows only while the browser follows the redirect.
      const loading = <LoadingScreen />;
      return { id, path, handle, loader: ({ request }) => redirect(`${to}${new URL(request.url).search}`, 301), element: loading, hydrateFallbackElement: loading };
    }
    return {
      id,
      path,
      handle,
      loader: pageLoader(runtime, handle.route),
      action: formAction(runtime, handle.route),
      shouldRevalidate,
      element: <PageRoute route={handle.route} />,
      hydrateFallbackElement: <LoadingScreen />,
      errorElement: <RouteError />,
    };
  });
  return [
    {
      id: ROOT_ROUTE_ID,
      // Never fails: menus that failed are "failed" (the chrome keeps its fixed parts), resources that failed are none.
      loader: () => runtime.chrome.load(),
      // The chrome is the same on every page; only menus that failed are asked again, on the next page (SPEC).
      shouldRevalidate: () => runtime.chrome.menusFailed(),
      element: <SiteShell />,
      // The plain single-page build, until its first page and chrome have loaded: the shell with the loading screen.
      hydrateFallbackElement: <SiteShell />,
      children,
    },
  ];
}
