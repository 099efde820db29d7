import type { Page } from "../content/contract.ts";
import { toPlainText } from "../ui/text.ts";

/** SPEC 2.3 item 6: title, description and (when present) keywords from the page data; React hoists them into <head>. */
export function PageHead({ page, path }: { page: Page; path: string }) {
  const title = toPlainText(page.title) || toPlainText(page.heading) || toPlainText(page.name) || "Corvane";
  const description = toPlainText(page.metaDescription);
  const keywords = toPlainText(page.metaKeywords);
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {keywords && <meta name="keywords" content={keywords} />}
      <link rel="canonical" href={new URL(path, window.location.origin).href} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
    </>
  );
}
