import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";
import type { Page } from "../content/contract.ts";
import type { ResolvedLayout } from "../runtime/layout.ts";

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

/** The layout inspector over the page, in `npm run dev` when the address has `?inspect`. */
export function DevLayoutInspector(props: InspectorProps) {
  const { search } = useLocation();
  if (!LayoutInspector || !new URLSearchParams(search).has("inspect")) return null;
  return (
    <Suspense fallback={null}>
      <LayoutInspector {...props} />
    </Suspense>
  );
}
