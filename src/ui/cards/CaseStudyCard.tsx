import type { ContentItem } from "../../content/contract.ts";
import { Card } from "../Card.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { SmartLink } from "../SmartLink.tsx";
import { currentAddress, storedKeys, writeStored } from "../storedValues.ts";
import { toPlainText } from "../text.ts";
import { capitalise, truncate } from "../truncate.ts";
import { joinPath } from "../url.ts";
import "./cards.css";

/** SPEC 2.8: title cut to 43 characters, short description to 50 and capitalised, a fixed "VIEW SUCCESS STORY" link. */
export function CaseStudyCard({ item }: { item: ContentItem }) {
  const name = toPlainText(item.title);
  const href = joinPath("/casestudies", item.anchorlink);
  return (
    <Card className="card--media">
      <ContentImage src={item.image} alt="" ratio={[16, 10]} />
      <div className="card__body">
        <h3 className="card__title" title={name}>
          {truncate(name, 43)}
        </h3>
        <p className="card__text">{capitalise(truncate(toPlainText(item.shortDesc), 50))}</p>
        {href && (
          <SmartLink
            className="card__link"
            href={href}
            aria-label={`View success story: ${name}`}
            onClick={() => writeStored(storedKeys.parentPage, currentAddress())}
          >
            VIEW SUCCESS STORY
          </SmartLink>
        )}
      </div>
    </Card>
  );
}
