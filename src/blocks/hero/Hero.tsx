import type { CSSProperties } from "react";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { toPlainText } from "../../ui/text.ts";
import { preloadBackground, useFirstScreen } from "../../ui/firstScreen.tsx";
import { backgroundStyle, mediaUrl } from "../../ui/media.ts";
import { safeUrl } from "../../ui/url.ts";
import type { HeroOptions } from "./options.ts";
import { heroPicture } from "./picture.ts";
import "./hero.css";

/** SPEC 9 "Hero subtitle delay". */
export const subtitleDelayMs = 500;

/**
 * The home banner (SPEC 2.10): the heading, and the subtitle appearing 500 ms after the page
 * shows. The subtitle is in the document from the start, so it is read and found at once;
 * only its visual appearance waits, by a CSS animation delay: it counts from when the page
 * shows, server-rendered or not, with or without JavaScript. The headline slides are the
 * hero-slider block.
 */
function HomeHero({ slotId, heading, subtitle, style }: { slotId: string; heading: string; subtitle: string | null; style: CSSProperties | undefined }) {
  return (
    <header className={`hero hero--home ${style ? "hero--with-image" : ""}`} style={style} data-slot={slotId}>
      <div className="container">
        <h1 className="hero__title">{heading}</h1>
        {subtitle && (
          <div className="hero__subtitle" style={{ animationDelay: `${subtitleDelayMs}ms` }}>
            <SafeHtml className="hero__lead" html={subtitle} />
          </div>
        )}
      </div>
    </header>
  );
}

export function Hero({ slotId, page, options }: BlockProps<HeroOptions>) {
  const { variant } = options;
  const image = safeUrl(heroPicture(page, options));
  const url = mediaUrl(image);
  // The home hero's background is asked for from the head when it is in the first screen (as it is
  // when the hero comes first); the other heroes' picture is a ContentImage, which does the same.
  const firstScreen = useFirstScreen(image);
  if (variant === "none") return null;
  if (url && variant === "home" && firstScreen) preloadBackground(url);
  const style: CSSProperties | undefined = url ? backgroundStyle(url) : undefined;
  const heading = toPlainText(
    variant === "generic" ? (page.heading1 ?? page.heading ?? page.title) : (page.heading ?? page.heading1 ?? page.title),
  ) || toPlainText(page.name);

  if (variant === "home") return <HomeHero slotId={slotId} heading={heading} subtitle={page.shortDesc ?? page.desc} style={style} />;

  const lead = variant === "generic" ? (page.desc ?? page.shortDesc) : (page.shortDesc ?? page.desc);
  const tagged = variant !== "content" && page.category;
  return (
    <header className={`hero hero--${variant} ${image ? "hero--with-image" : ""}`} data-slot={slotId}>
      <div className="container hero__layout">
        <div className="hero__text">
          {tagged && <p className="hero__tag">{toPlainText(page.category)}</p>}
          <h1 className="hero__title">{heading}</h1>
          <SafeHtml className="hero__lead" html={lead} />
        </div>
        {image && <HeroImage src={image} />}
        {variant === "content" && page.carouselList.length > 0 && (
          <ul className="hero__highlights">
            {page.carouselList.map((item) => (
              <li key={item.key} className="hero__highlight">
                <strong>{toPlainText(item.title)}</strong>
                <SafeHtml as="span" html={item.shortDesc} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

/**
 * The page's hero picture beside the text (below it on narrow screens), whole: never under
 * the heading or the highlights, never cropped. Its box is reserved at the wide proportion
 * hero pictures are made in; another proportion is fitted inside it.
 */
function HeroImage({ src }: { src: string }) {
  return <ContentImage className="hero__image" src={src} alt="" ratio={heroImageRatio} fit="contain" sizes={heroImageSizes} />;
}

/** The hero picture's width: the container's below 960 px, half of it beside the text above (hero.css). */
const heroImageSizes = "(min-width: 960px) min(50vw - 2rem, 36rem), calc(100vw - 2.5rem)";

/** The proportion of the hero pictures (1600 × 700). */
const heroImageRatio = [16, 7] as const;

export const block = defineBlock<HeroOptions>("hero", Hero);
