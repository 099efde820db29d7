import { useActionData, useLoaderData, useLocation, useRevalidator, useRouteError } from "react-router-dom";
import { LoadErrorScreen, LoadingScreen, NotFound } from "../chrome/screens.tsx";
import { isPostedForm, PostedFormContext } from "../forms/postedForm.tsx";
import { loadFailure, type PageData } from "../runtime/pageData.ts";
import { PageRenderer } from "../runtime/PageRenderer.tsx";
import type { RouteConfig } from "../runtime/routeTable.ts";
import { DevLayoutInspector } from "./DevLayoutInspector.tsx";
import { PageEffects } from "./PageEffects.tsx";
import { PageHead } from "./PageHead.tsx";
import { useAncestorPage } from "./useAncestorPage.ts";

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
          <DevLayoutInspector page={loaded.page} layout={loaded.layout} path={path} />
        </>
      );
  }
}

/** One content route: a fresh page view per visited path. */
export function PageRoute({ route }: { route: RouteConfig }) {
  const { pathname } = useLocation();
  useAncestorPage(("ancestor" in route ? route.ancestor : undefined) !== false);
  return <PageView key={pathname} path={pathname} />;
}

/** A loader or page that threw (not a content failure, which the loader answers itself): the retry screen. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  console.error("the page failed:", error);
  return <LoadErrorScreen failure={loadFailure(error)} onRetry={() => void revalidator.revalidate()} />;
}
