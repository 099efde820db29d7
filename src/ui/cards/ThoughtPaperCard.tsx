import type { ContentItem } from "../../content/contract.ts";
import { Card } from "../Card.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { SmartLink } from "../SmartLink.tsx";
import { currentAddress, storedKeys, writeStored } from "../storedValues.ts";
import { toPlainText } from "../text.ts";
import { truncate } from "../truncate.ts";
import { joinPath } from "../url.ts";
import "./cards.css";

/**
 * SPEC 2.8: the long description cut to 50 characters and a fixed "READ MORE" link, to
 * /thoughtPapers{anchorlink} on content pages (`base`: the list links to /thoughtpapers{anchorlink}).
 */
export function ThoughtPaperCard({ item, base = "/thoughtPapers" }: { item: ContentItem; base?: string }) {
  const name = toPlainText(item.title);
  const href = joinPath(base, item.anchorlink);
  return (
    <Card className="card--media">
      <ContentImage src={item.image} alt="" ratio={[16, 10]} />
      <div className="card__body">
        <h3 className="card__title">{name}</h3>
        <p className="card__text">{truncate(toPlainText(item.longDesc), 50)}</p>
        {href && (
          <SmartLink
            className="card__link"
            href={href}
            aria-label={`Read more: ${name}`}
            onClick={() => writeStored(storedKeys.parentPage, currentAddress())}
          >
            READ MORE
          </SmartLink>
        )}
      </div>
    </Card>
  );
}
