import type { CSSProperties } from "react";
import { preload } from "react-dom";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { toPlainText } from "../../ui/text.ts";
import { variantPath } from "../../content/mediaAddress.ts";
import { backgroundScreens, backgroundStyle, mediaUrl, responsiveSources } from "../../ui/media.ts";
import { safeUrl } from "../../ui/url.ts";
import { heroOptions, type HeroOptions } from "./options.ts";
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
function HomeHero({ heading, subtitle, style }: { heading: string; subtitle: string | null; style: CSSProperties | undefined }) {
  return (
    <header className={`hero hero--home ${style ? "hero--with-image" : ""}`} style={style}>
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

/**
 * The home hero's background (its largest paint) asked for from the HTML's head: for a picture the site's
 * server resizes, the copy the stylesheet picks for the screen's width (src/styles/global.css), in the best
 * format (a browser that does not show it skips the preload and takes the next one image-set() offers).
 */
function preloadBackground(url: string, best: string | undefined) {
  if (!best) {
    preload(url, { as: "image", fetchPriority: "high" });
    return;
  }
  const format = best === "image/avif" ? "avif" : "webp";
  for (const { width, media } of Object.values(backgroundScreens)) preload(variantPath(url, width, format), { as: "image", fetchPriority: "high", type: best, media });
}

export function Hero({ page, options }: BlockProps<HeroOptions>) {
  const { variant } = options;
  if (variant === "none") return null;
  const image = safeUrl(page[options.image] ?? page.image);
  const url = mediaUrl(image);
  // The hero picture is the page's largest paint: requested from the HTML's head, first, in the
  // best format at the width the screen needs (the browser reads imagesrcset as it does the <picture>'s).
  const [best] = url ? responsiveSources(url) : [];
  if (url && variant === "home") preloadBackground(url, best?.type);
  else if (url) preload(url, best ? { as: "image", fetchPriority: "high", imageSrcSet: best.srcSet, imageSizes: heroImageSizes, type: best.type } : { as: "image", fetchPriority: "high" });
  const style: CSSProperties | undefined = url ? backgroundStyle(url) : undefined;
  const heading = toPlainText(
    variant === "generic" ? (page.heading1 ?? page.heading ?? page.title) : (page.heading ?? page.heading1 ?? page.title),
  ) || toPlainText(page.name);

  if (variant === "home") return <HomeHero heading={heading} subtitle={page.shortDesc ?? page.desc} style={style} />;

  const lead = variant === "generic" ? (page.desc ?? page.shortDesc) : (page.shortDesc ?? page.desc);
  const tagged = variant !== "content" && page.category;
  return (
    <header className={`hero hero--${variant} ${image ? "hero--with-image" : ""}`}>
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
  return <ContentImage className="hero__image" src={src} alt="" ratio={heroImageRatio} fit="contain" sizes={heroImageSizes} priority />;
}

/** The hero picture's width: the container's below 960 px, half of it beside the text above (hero.css). */
const heroImageSizes = "(min-width: 960px) min(50vw - 2rem, 36rem), calc(100vw - 2.5rem)";

/** The proportion of the hero pictures (1600 × 700). */
const heroImageRatio = [16, 7] as const;

export const block = defineBlock(heroOptions, Hero);
