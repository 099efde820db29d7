import { preloadPicture, useFirstScreen } from "./firstScreen.tsx";
import { mediaUrl, responsiveSources } from "./media.ts";

interface ContentImageProps {
  src: string | null | undefined;
  alt: string;
  /** Width / height of the box the image fills; reserves its space so nothing shifts when it loads. */
  ratio: readonly [number, number];
  className?: string;
  fit?: "cover" | "contain";
  /** A file of the site's own shown when the content has no picture (never a content address). */
  fallback?: string;
  /** How wide the image shows at each screen width (the `sizes` of its resized copies); the whole viewport unless the block says less. */
  sizes?: string;
  /** Told when the picture cannot be shown (as it fails to load; a failure before hydration is the caller's to read from the element). */
  onError?: () => void;
}

/**
 * A content picture in a box of its proportion. A JPEG, PNG or WebP the site's server answers
 * comes as a `<picture>`: AVIF and WebP copies at several widths (the browser picks by `sizes`),
 * the original as the fallback (src/ui/media.ts). One of the page's first screen
 * (./firstScreen.tsx) loads at once, at high priority, preloaded from the head; any other lazily.
 */
export function ContentImage({ src, alt, ratio, className, fit = "cover", sizes = "100vw", fallback, onError }: ContentImageProps) {
  // The site's own fallback stands in for an empty content picture, in the first screen too.
  const priority = useFirstScreen(mediaUrl(src) ? src : fallback);
  const url = mediaUrl(src) ?? fallback ?? null;
  const [width, height] = ratio;
  if (!url) return <span className={`content-image content-image--empty ${className ?? ""}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  const sources = responsiveSources(url);
  if (priority) preloadPicture(url, sizes);
  const image = (
    <img
      className={`content-image ${className ?? ""}`}
      src={url}
      alt={alt}
      width={width}
      height={height}
      style={{ aspectRatio: `${width} / ${height}`, objectFit: fit }}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      onError={onError}
      {...(priority ? { fetchPriority: "high" as const } : {})}
    />
  );
  if (sources.length === 0) return image;
  return (
    <picture className="content-image__picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
