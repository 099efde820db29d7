/**
 * The content types shown as cards (SPEC 2.8) and the route each card links to: the one
 * table the card-list block, the list pages and their options read. No component here, so
 * option schemas (read by check:layouts in Node) can import it.
 */
import type { RouteName } from "../../content/paths.ts";

export const cardDetailRoutes = {
  Blogs: "blog",
  CaseStudies: "caseStudy",
  ThoughtPapers: "thoughtPaper",
} as const satisfies Record<string, RouteName>;

export type CardContentType = keyof typeof cardDetailRoutes;
export const cardContentTypes = Object.keys(cardDetailRoutes) as [CardContentType, ...CardContentType[]];

/** What a card list is called where it has no heading of its own (a carousel's label). */
export const cardListLabels: Record<CardContentType, string> = {
  Blogs: "Blogs",
  CaseStudies: "Case studies",
  ThoughtPapers: "Thought papers",
};

export function isCardContentType(name: string | undefined): name is CardContentType {
  return name !== undefined && Object.hasOwn(cardDetailRoutes, name);
}
