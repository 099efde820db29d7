import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { safeUrl } from "../../ui/url.ts";
import { ContentVideo } from "./ContentVideo.tsx";
import { FeatureVideo } from "./FeatureVideo.tsx";
import type { VideoOptions } from "./options.ts";
import { popupIds } from "./popupId.ts";
import { VideoPopup } from "./VideoPopup.tsx";
import "./video.css";

/** Videos with their poster and English captions (documentPath is the captions file), shown as the layout chooses. */
export function Video({ items, options, title, background, slotId }: BlockProps<VideoOptions>) {
  const videos = items.filter((item) => safeUrl(item.video));
  if (videos.length === 0) return null;
  const ids = popupIds(videos.map((item) => toPlainText(item.title)));
  return (
    <Section title={title} background={background} slotId={slotId} className={`videos videos--${options.layout}`}>
      {options.layout === "popup" ? (
        <ul className="video-popups">
          {videos.map((item, index) => (
            <VideoPopup key={item.key} item={item} id={ids[index] ?? item.key} />
          ))}
        </ul>
      ) : options.layout === "feature" ? (
        <div className="videos__list">
          {videos.map((item) => (
            <FeatureVideo key={item.key} item={item} />
          ))}
        </div>
      ) : (
        <div className="videos__list">
          {videos.map((item) => {
            const name = toPlainText(item.title);
            return (
              <figure key={item.key} className="video">
                <ContentVideo item={item} controls preload="none" aria-label={name || undefined} />
                {name && <figcaption className="video__caption">{name}</figcaption>}
              </figure>
            );
          })}
        </div>
      )}
    </Section>
  );
}

export const block = defineBlock<VideoOptions>("video", Video);
