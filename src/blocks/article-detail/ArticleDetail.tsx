import { useId, type CSSProperties } from "react";
import { pathTo } from "../../content/paths.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { defaultAuthorImage } from "../../ui/cards/BlogCard.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { formatDate, toPlainText } from "../../ui/text.ts";
import { preloadBackground, useFirstScreen } from "../../ui/firstScreen.tsx";
import { backgroundStyle, mediaUrl } from "../../ui/media.ts";
import { BackButton } from "./BackButton.tsx";
import type { ArticleDetailOptions } from "./options.ts";
import "./article-detail.css";

/**
 * A blog or case study page (SPEC 2.9): a hero with the title, the date and, for blogs, the
 * author; the sanitized body; and a "Back" button. Fields the item lacks come from the page.
 */
export function ArticleDetail({ page, options }: BlockProps<ArticleDetailOptions>) {
  const headingId = useId();
  const item = page[options.item];
  const title = toPlainText(item?.title ?? page.heading ?? page.title) || toPlainText(page.name);
  const dateText = formatDate(item?.date);
  const author = toPlainText(item?.authorName);
  const image = mediaUrl(page[options.image]);
  if (useFirstScreen(page[options.image]) && image) preloadBackground(image);
  const style: CSSProperties | undefined = image ? backgroundStyle(image) : undefined;

  return (
    <article className="article" aria-labelledby={headingId}>
      <header className={`article__hero ${image ? "article__hero--with-image" : ""}`} style={style}>
        <div className="container">
          <BackButton fallback={pathTo(options.backTo)} />
          <h1 id={headingId} className="article__title">
            {title}
          </h1>
          {(options.byline || dateText) && (
            <div className="article__meta">
              {options.byline && (
                <ContentImage className="article__author-image" src={item?.authorImage} fallback={defaultAuthorImage} alt="" ratio={[1, 1]} />
              )}
              <p className="article__byline">
                {options.byline && author && <span className="article__author">{author}</span>}
                {dateText && <time dateTime={item?.date ?? undefined}>{dateText}</time>}
              </p>
            </div>
          )}
        </div>
      </header>
      <div className="container article__body">
        <SafeHtml className="prose" html={item?.longDesc ?? page.longDesc} />
      </div>
    </article>
  );
}

export const block = defineBlock<ArticleDetailOptions>("article-detail", ArticleDetail);
