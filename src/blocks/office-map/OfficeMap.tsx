import { useId, useMemo, useRef, useState } from "react";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Section } from "../../ui/Section.tsx";
import { BranchDetails } from "./BranchDetails.tsx";
import { placeBranches, type PlacedBranch } from "./branches.ts";
import type { OfficeMapOptions } from "./options.ts";
import { mapFrame, toMap } from "./projection.ts";
import { useDragScroll } from "./useDragScroll.ts";
import worldLand from "./world-land.svg";
import "./office-map.css";

/** SPEC 2.7 / 9: the map drags sideways on screens up to this wide. */
const draggableUpToPx = 768;

const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(3)}%`;

/** SPEC 2.7: the world map of the offices; a pin opens a dialog with its branch. */
export function OfficeMap({ items, options, title, slotId }: BlockProps<OfficeMapOptions>) {
  const { placed, unplaced } = useMemo(() => placeBranches(options.pins, items), [options.pins, items]);
  const [open, setOpen] = useState<PlacedBranch | null>(null);
  const pinButtons = useRef(new Map<string, HTMLButtonElement>());
  const viewport = useDragScroll<HTMLDivElement>(draggableUpToPx);
  const headingId = useId();

  return (
    <Section title={title} slotId={slotId} className="office-map">
      {placed.length > 0 && (
        <>
          <p className="office-map__hint" aria-hidden="true">
            Drag the map to see every office.
          </p>
          <div className="office-map__viewport" ref={viewport}>
            <div className="office-map__canvas" style={{ aspectRatio: `${mapFrame.width} / ${mapFrame.height}` }}>
              <img className="office-map__land" src={worldLand} alt="" width={mapFrame.width} height={Math.round(mapFrame.height)} draggable={false} loading="lazy" decoding="async" />
              <ul className="office-map__pins" aria-label="Offices">
                {placed.map((entry) => {
                  const { x, y } = toMap(entry.pin.lat, entry.pin.lon);
                  return (
                    <li key={entry.branch.key} className={`office-map__pin office-map__pin--${entry.pin.side}`} style={{ left: percent(x, mapFrame.width), top: percent(y, mapFrame.height) }}>
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        ref={(button) => {
                          if (button) pinButtons.current.set(entry.pin.id, button);
                          else pinButtons.current.delete(entry.pin.id);
                        }}
                        onClick={() => setOpen(entry)}
                      >
                        <span className="office-map__dot" aria-hidden="true" />
                        <span className="office-map__label">{entry.pin.label}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          </div>
        </>
      )}
      {unplaced.length > 0 && (
        <ul className="office-map__others">
          {unplaced.map((branch) => (
            <li key={branch.key}>
              <BranchDetails branch={branch} fallbackName={branch.title ?? ""} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Dialog labelledBy={headingId} className="office-map__popup" onClose={() => setOpen(null)} returnFocus={() => pinButtons.current.get(open.pin.id)}>
          <BranchDetails branch={open.branch} fallbackName={open.pin.label} headingId={headingId} headingLevel={2} />
        </Dialog>
      )}
    </Section>
  );
}

export const block = defineBlock<OfficeMapOptions>("office-map", OfficeMap);
