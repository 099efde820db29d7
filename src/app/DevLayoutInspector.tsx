import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";
import type { Page } from "../content/contract.ts";
import type { ResolvedLayout } from "../runtime/layout.ts";
import { useTakenOver } from "../ui/disclosure.ts";

interface InspectorProps {
  page: Page;
  layout: ResolvedLayout;
  path: string;
}

// A production build replaces import.meta.env.DEV with false and drops this import and its
// chunk; `npm run size` checks that no inspector code is left in dist/.
const LayoutInspector = import.meta.env.DEV
  ? lazy(() => import("../inspector/LayoutInspector.tsx").then((module) => ({ default: module.LayoutInspector })))
  : null;

/**
 * The layout inspector over the page, in `npm run dev` when the address has `?inspect`. Mounted
 * once the page has hydrated: the server renders pages without it (a page is kept by the
 * parameters pages read, src/content/canonicalAddress.ts, and `inspect` is not one), so the page
 * hydrates as it was sent and the inspector only adds its overlay.
 */
export function DevLayoutInspector(props: InspectorProps) {
  const { search } = useLocation();
  const hydrated = useTakenOver();
  if (!LayoutInspector || !hydrated || !new URLSearchParams(search).has("inspect")) return null;
  return (
    <Suspense fallback={null}>
      <LayoutInspector {...props} />
    </Suspense>
  );
}
