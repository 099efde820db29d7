import type { ContentItem } from "../../content/contract.ts";
import { detailPath } from "../../content/paths.ts";
import { toPlainText } from "../text.ts";
import { capitalise, truncate } from "../truncate.ts";
import { BlogCard } from "./BlogCard.tsx";
import { cardDetailRoutes, type CardContentType } from "./cardTypes.ts";
import { LinkCard } from "./LinkCard.tsx";

export interface ContentCardProps {
  type: CardContentType;
  item: ContentItem;
  as?: "li" | "div";
}

/** The card of a blog, case study or thought paper (SPEC 2.8), linking to its detail page through the route table. */
export function ContentCard({ type, item, as }: ContentCardProps) {
  const href = detailPath(cardDetailRoutes[type], item.anchorlink);
  const name = toPlainText(item.title);
  switch (type) {
    case "Blogs":
      return <BlogCard item={item} href={href} as={as} />;
    case "CaseStudies":
      // Title cut to 43 characters, short description to 50 and capitalised.
      return (
        <LinkCard
          item={item}
          href={href}
          title={truncate(name, 43)}
          fullTitle={name}
          text={capitalise(truncate(toPlainText(item.shortDesc), 50))}
          linkText="VIEW SUCCESS STORY"
          linkLabel={`View success story: ${name}`}
          as={as}
        />
      );
    case "ThoughtPapers":
      // The long description cut to 50 characters.
      return (
        <LinkCard
          item={item}
          href={href}
          title={name}
          text={truncate(toPlainText(item.longDesc), 50)}
          linkText="READ MORE"
          linkLabel={`Read more: ${name}`}
          as={as}
        />
      );
  }
}
