import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { safeUrl } from "../../ui/url.ts";
import { videoOptions, type VideoOptions } from "./options.ts";
import "./video.css";

/** Videos with their poster and English captions (documentPath is the captions file). */
export function Video({ items, title, background, slotId }: BlockProps<VideoOptions>) {
  const videos = items.filter((item) => safeUrl(item.video));
  if (videos.length === 0) return null;
  return (
    <Section title={title} background={background} slotId={slotId} className="videos">
      <div className="videos__list">
        {videos.map((item) => {
          const captions = safeUrl(item.documentPath);
          const name = toPlainText(item.title);
          return (
            <figure key={item.key} className="video">
              <video
                className="video__player"
                controls
                preload="none"
                playsInline
                width={1280}
                height={720}
                poster={safeUrl(item.image) ?? undefined}
                src={safeUrl(item.video) ?? undefined}
                aria-label={name || undefined}
              >
                <track kind="captions" src={captions ?? undefined} srcLang="en" label="English" default />
              </video>
              {name && <figcaption className="video__caption">{name}</figcaption>}
            </figure>
          );
        })}
      </div>
    </Section>
  );
}

export const block = defineBlock(videoOptions, Video);
