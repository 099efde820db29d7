import { useMemo } from "react";
import type { Page } from "../content/contract.ts";
import { useRuntime } from "../runtime/context.tsx";
import type { RenderSlot } from "../runtime/slots.ts";
import { jsonLdText } from "../ui/jsonLd.ts";
import { pageHeadTags } from "./pageHead.ts";
import { structuredData, structuredDataDocument } from "./structuredData.ts";

/**
 * The page's structured data (./structuredData.ts), rendered on the server and in the browser
 * alike, so hydration finds the same element. A script of type application/ld+json is data:
 * it never runs, so the Content-Security-Policy has nothing to allow.
 */
function StructuredData({ page, slots, path }: { page: Page; slots: readonly RenderSlot[]; path: string }) {
  const { siteUrl } = useRuntime();
  const graph = useMemo(() => structuredDataDocument(structuredData({ page, slots, path, siteUrl })), [page, slots, path, siteUrl]);
  return graph ? <script type="application/ld+json">{jsonLdText(graph)}</script> : null;
}

/** The page's head tags (./pageHead.ts); React hoists them into <head>, and adopts the server's on hydration. */
export function PageHead({ page, slots, path }: { page: Page; slots: readonly RenderSlot[]; path: string }) {
  const { siteUrl, serverRender } = useRuntime();
  const data = <StructuredData page={page} slots={slots} path={path} />;
  // On the server, src/ssr/document.ts writes the head tags; the structured data is part of the page.
  if (serverRender) return data;
  const { title, canonical, metas } = pageHeadTags(page, path, siteUrl);
  return (
    <>
      <title>{title}</title>
      {metas.map(({ key, value, content }) => (key === "name" ? <meta key={value} name={value} content={content} /> : <meta key={value} property={value} content={content} />))}
      <link rel="canonical" href={canonical} />
      {data}
    </>
  );
}
