import { useEffect, useLayoutEffect } from "react";
import type { Page } from "../content/contract.ts";
import { FirstScreenPictures } from "../ui/firstScreenPictures.ts";
import { BlockMount } from "./BlockMount.tsx";
import { useAfterFirstPaint } from "./Island.tsx";
import { PageResourcesContext } from "./siteData.ts";
import type { RenderSlot } from "./slots.ts";

/** Marks the moment a page's content is on screen; `npm run size` measures the script loaded before it. */
export const CONTENT_SHOWN_MARK = "content-shown";

type PageRendererProps = {
  page: Page;
  /** The page's slots as its loader resolved them (src/runtime/pageData.ts). */
  slots: readonly RenderSlot[];
  problems?: readonly string[];
  /** The server rendered this page: every block is in its HTML, so every block renders in the first pass too. */
  allAtOnce?: boolean | undefined;
  /** The pictures of its first screen (firstScreenPictures, ./loadPage.ts). */
  firstPictures?: readonly string[] | undefined;
};

function Slots({ page, slots, problems = [], allAtOnce = false }: PageRendererProps) {
  useEffect(() => {
    for (const problem of problems) console.warn(`page "${page.name ?? page.id}": ${problem}`);
  }, [problems, page]);

  useLayoutEffect(() => {
    performance.mark(CONTENT_SHOWN_MARK);
  }, []);
  // Blocks below the fold load after first paint, so their code never delays the first content.
  const painted = useAfterFirstPaint(true, allAtOnce);

  return (
    <>
      {slots.map((slot) =>
        painted || slot.aboveTheFold === true ? <BlockMount key={slot.id} slot={slot} page={page} /> : null,
      )}
    </>
  );
}

const noPictures: readonly string[] = [];

/** Mounts the blocks of a page's layout, in order, each in its own error boundary. */
export function PageRenderer(props: PageRendererProps) {
  return (
    <PageResourcesContext value={props.page.resources}>
      <FirstScreenPictures value={props.firstPictures ?? noPictures}>
        <Slots {...props} />
      </FirstScreenPictures>
    </PageResourcesContext>
  );
}
