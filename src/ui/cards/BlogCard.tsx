import type { ContentItem } from "../../content/contract.ts";
import { Card } from "../Card.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { SmartLink } from "../SmartLink.tsx";
import { formatDate, toPlainText } from "../text.ts";
import "./cards.css";

/** Shown for a blog (card or detail page) whose author has no image. */
export const defaultAuthorImage = "/images/default-author.svg";

/** SPEC 2.8: author image (or the default), author name, date, and the title linking to the blog's page (`href`). */
export function BlogCard({ item, href, as = "li" }: { item: ContentItem; href: string | null; as?: "li" | "div" | undefined }) {
  const name = toPlainText(item.title);
  const date = formatDate(item.date);
  return (
    <Card className="blog-card" as={as}>
      <div className="blog-card__byline">
        <ContentImage className="blog-card__author-image" src={item.authorImage} fallback={defaultAuthorImage} alt="" ratio={[1, 1]} />
        <span>
          {item.authorName && <span className="blog-card__author">{toPlainText(item.authorName)}</span>}
          {date && <time dateTime={item.date ?? undefined}>{date}</time>}
        </span>
      </div>
      <h3 className="card__title">
        {href ? <SmartLink className="card__title-link" href={href}>{name}</SmartLink> : name}
      </h3>
    </Card>
  );
}
