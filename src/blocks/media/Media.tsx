/**
 * Media items (content type 14): pictures, and Lottie animations where the content supplies
 * one (a file ending in .json), each with its title and text as the caption.
 */
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { mediaUrl } from "../../ui/media.ts";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { LottieAnimation } from "./LottieAnimation.tsx";
import { mediaFiles } from "./mediaFiles.ts";
import type { MediaOptions } from "./options.ts";
import { mediaRatios } from "./ratios.ts";
import "./media.css";

export function Media({ items, options, title, background, slotId }: BlockProps<MediaOptions>) {
  const shown = items.flatMap((item) => {
    const files = mediaFiles(item);
    return files.animation || files.still ? [{ item, ...files }] : [];
  });
  if (shown.length === 0) return null;
  const ratio = mediaRatios[options.ratio];
  return (
    <Section title={title} background={background} slotId={slotId} className="media">
      <ul className="media__list">
        {shown.map(({ item, animation, still }) => {
          const name = toPlainText(item.title);
          return (
            <li key={item.key}>
              <figure className="media-item">
                {animation ? (
                  <LottieAnimation src={mediaUrl(animation) ?? animation} still={still} ratio={ratio} play={options.play} name={name} />
                ) : (
                  <ContentImage className="media-item__image" src={still} alt="" ratio={ratio} fit="contain" />
                )}
                {(name || item.shortDesc) && (
                  <figcaption className="media-item__caption">
                    {name && <strong className="media-item__title">{name}</strong>}
                    <SafeHtml className="media-item__text" html={item.shortDesc} />
                  </figcaption>
                )}
              </figure>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export const block = defineBlock<MediaOptions>("media", Media);
