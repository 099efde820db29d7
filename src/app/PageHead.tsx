import type { Page } from "../content/contract.ts";
import { useRuntime } from "../runtime/context.tsx";
import { pageHeadTags } from "./pageHead.ts";

/**
 * The page's head tags (./pageHead.ts); React hoists them into <head>, and adopts the server's on
 * hydration. On the server, src/ssr/document.ts writes them, with the page's structured data
 * (src/ssr/entry-server.tsx), which is for crawlers and so never part of the browser's code.
 */
export function PageHead({ page, path }: { page: Page; path: string }) {
  const { siteUrl, serverRender } = useRuntime();
  if (serverRender) return null;
  const { title, canonical, metas } = pageHeadTags(page, path, siteUrl);
  return (
    <>
      <title>{title}</title>
      {metas.map(({ key, value, content }) => (key === "name" ? <meta key={value} name={value} content={content} /> : <meta key={value} property={value} content={content} />))}
      <link rel="canonical" href={canonical} />
    </>
  );
}
