/**
 * A sample-video popup (SPEC 4): the button opens a modal dialog whose id is the popup id
 * and plays the video; closing it (the close button or Escape) pauses the video and returns
 * focus to the button. A native modal <dialog> keeps focus inside and makes the rest of the
 * page inert, as the WAI-ARIA dialog pattern asks.
 */
import { useRef } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { toPlainText } from "../../ui/text.ts";
import { ContentVideo } from "./ContentVideo.tsx";

export function VideoPopup({ item, id }: { item: ContentItem; id: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const name = toPlainText(item.title);
  const headingId = `${id}-title`;

  const open = () => {
    dialog.current?.showModal();
    video.current?.play().catch(() => undefined);
  };
  const onClose = () => {
    video.current?.pause();
    opener.current?.focus();
  };

  return (
    <li className="video-popup">
      <button ref={opener} type="button" className="video-popup__open" aria-haspopup="dialog" aria-controls={id} onClick={open}>
        <span className="video-popup__poster">
          <ContentImage src={item.image} alt="" ratio={[16, 9]} />
          <span className="video-popup__icon" aria-hidden="true" />
        </span>
        <span className="video-popup__title">
          <span className="visually-hidden">Play video:</span> {name}
        </span>
      </button>
      <SafeHtml className="video-popup__text" html={item.shortDesc} />
      <dialog ref={dialog} id={id} className="video-dialog" aria-labelledby={headingId} onClose={onClose}>
        <div className="video-dialog__bar">
          <h2 id={headingId} className="video-dialog__title">
            {name}
          </h2>
          <button type="button" className="video-dialog__close" aria-label="Close video" onClick={() => dialog.current?.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ContentVideo ref={video} item={item} controls preload="none" />
      </dialog>
    </li>
  );
}
