import type { ContentItem } from "../../content/contract.ts";
import { Card } from "../Card.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { SmartLink } from "../SmartLink.tsx";
import { currentAddress, storedKeys, writeStored } from "../storedValues.ts";
import "./cards.css";

export interface LinkCardProps {
  item: ContentItem;
  /** The detail page; no link when the item has no usable anchor. */
  href: string | null;
  title: string;
  /** The whole title, shown on hover, when `title` is cut. */
  fullTitle?: string;
  text: string;
  /** The link's fixed text ("READ MORE") and its accessible name, which names the item. */
  linkText: string;
  linkLabel: string;
  as?: "li" | "div";
}

/**
 * SPEC 2.8: image, title, text and a fixed link to the item's detail page. Following it
 * stores the page it was clicked on (SPEC 3 `parentPage`), where the detail page's Back goes.
 */
export function LinkCard({ item, href, title, fullTitle, text, linkText, linkLabel, as = "li" }: LinkCardProps) {
  return (
    <Card className="card--media" as={as}>
      <ContentImage src={item.image} alt="" ratio={[16, 10]} />
      <div className="card__body">
        <h3 className="card__title" title={fullTitle}>
          {title}
        </h3>
        <p className="card__text">{text}</p>
        {href && (
          <SmartLink className="card__link" href={href} aria-label={linkLabel} onClick={() => writeStored(storedKeys.parentPage, currentAddress())}>
            {linkText}
          </SmartLink>
        )}
      </div>
    </Card>
  );
}
