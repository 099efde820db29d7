import type { ContentItem } from "../../content/contract.ts";
import { SafeHtml } from "../SafeHtml.tsx";
import { SmartLink } from "../SmartLink.tsx";
import { toPlainText } from "../text.ts";

export interface ItemTextProps {
  item: ContentItem;
  /** The block's class name: its parts are `<name>__body`, `__title` and `__text`. */
  name: string;
  /** The link's text; its accessible name adds the item's title, so a list of them says where each goes. */
  linkLabel: string;
  linkClassName: string;
}

/** A content item's text in a card, banner or panel: its title, its short description (sanitized HTML) and its link, when it has one. */
export function ItemText({ item, name, linkLabel, linkClassName }: ItemTextProps) {
  const title = toPlainText(item.title);
  return (
    <div className={`${name}__body`}>
      <h3 className={`${name}__title`}>{title}</h3>
      <SafeHtml className={`${name}__text`} html={item.shortDesc} />
      {item.link && (
        <SmartLink className={linkClassName} href={item.link} aria-label={`${linkLabel}: ${title}`}>
          {linkLabel}
        </SmartLink>
      )}
    </div>
  );
}
