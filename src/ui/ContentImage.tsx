import { mediaUrl, responsiveSources } from "./media.ts";

interface ContentImageProps {
  src: string | null | undefined;
  alt: string;
  /** Width / height of the box the image fills; reserves its space so nothing shifts when it loads. */
  ratio: readonly [number, number];
  className?: string;
  /** Above-the-fold images load at once; the rest lazily. */
  priority?: boolean;
  fit?: "cover" | "contain";
  /** A file of the site's own shown when the content has no picture (never a content address). */
  fallback?: string;
  /** How wide the image shows at each screen width (the `sizes` of its resized copies); the whole viewport unless the block says less. */
  sizes?: string;
}

/**
 * A content picture in a box of its proportion. A JPEG, PNG or WebP the site's server answers
 * comes as a `<picture>`: AVIF and WebP copies at several widths (the browser picks by `sizes`),
 * the original as the fallback (src/ui/media.ts).
 */
export function ContentImage({ src, alt, ratio, className, priority = false, fit = "cover", sizes = "100vw", fallback }: ContentImageProps) {
  const url = mediaUrl(src) ?? fallback ?? null;
  const [width, height] = ratio;
  if (!url) return <span className={`content-image content-image--empty ${className ?? ""}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  const sources = responsiveSources(url);
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
