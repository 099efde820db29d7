import { safeUrl } from "./url.ts";

interface ContentImageProps {
  src: string | null | undefined;
  alt: string;
  /** Width / height of the box the image fills; reserves its space so nothing shifts when it loads. */
  ratio: readonly [number, number];
  className?: string;
  /** Above-the-fold images load at once; the rest lazily. */
  priority?: boolean;
  fit?: "cover" | "contain";
}

export function ContentImage({ src, alt, ratio, className, priority = false, fit = "cover" }: ContentImageProps) {
  const url = safeUrl(src);
  const [width, height] = ratio;
  if (!url) return <span className={`content-image content-image--empty ${className ?? ""}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  return (
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
}
