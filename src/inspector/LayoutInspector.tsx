/**
 * `?inspect` in `npm run dev`: the inspector's facts drawn over the page. Each rendered slot gets
 * an outline and a label; a panel lists the slots that render nothing, with their reasons, and
 * blocks that failed where they mount. Loaded only by src/app/DevLayoutInspector.tsx, never in a
 * production build. It draws after mounting (in effects), so server and client render the same.
 */
import { useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { Page } from "../content/contract.ts";
import type { ResolvedLayout } from "../runtime/layout.ts";
import { useResourceLookup } from "../runtime/siteData.ts";
import { describeReason, describeSelection, describeSource, inspectPage, type InspectedSlot } from "./inspect.ts";
import "./layout-inspector.css";
import { INSPECTOR_MARKER } from "./marker.ts";
import { matchAddress } from "./route.ts";

interface Box {
  id: string;
  label: string;
  top: number;
  left: number;
  width: number;
  height: number;
  failed: string | null;
}

const labelOf = (slot: InspectedSlot) =>
  `${slot.id} · ${slot.block ?? ""} · ${slot.source.kind === "layout" ? "layout" : `template ${slot.source.templateName}`}${slot.selection ? ` · ${slot.selection.selected} items` : ""}`;

/** Where each rendered slot is on the page, in document coordinates. Slot ids are kebab-case (layout schema, template ids), safe in a selector. */
function measure(slots: readonly InspectedSlot[]): Box[] {
  return slots.flatMap((slot) => {
    const element = document.querySelector(`[data-slot="${slot.id}"]`);
    if (!element) return [];
    const rect = element.getBoundingClientRect();
    const failed = element.classList.contains("block-error") ? (element.getAttribute("data-error") ?? "render") : null;
    return [{ id: slot.id, label: labelOf(slot), top: rect.top + window.scrollY, left: rect.left + window.scrollX, width: rect.width, height: rect.height, failed }];
  });
}

export function LayoutInspector({ page, layout, path }: { page: Page; layout: ResolvedLayout; path: string }) {
  const siteText = useResourceLookup();
  const report = useMemo(
    () => inspectPage(matchAddress(path), page, layout, (key) => page.resources[key] ?? siteText(key)),
    [page, layout, path, siteText],
  );
  const [boxes, setBoxes] = useState<Box[] | null>(null);

  useEffect(() => {
    const rendered = report.slots.filter((slot) => slot.renders);
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setBoxes(measure(rendered)));
    };
    update();
    // Blocks mount after first paint and images settle late: re-measure whenever the page changes.
    const mutations = new MutationObserver(update);
    mutations.observe(document.body, { childList: true, subtree: true });
    const sizes = new ResizeObserver(update);
    sizes.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [report]);

  if (boxes === null) return null;
  const silent = report.slots.filter((slot) => !slot.renders);
  const rendered = report.slots.filter((slot) => slot.renders);
  const unmarked = rendered.filter((slot) => !boxes.some((box) => box.id === slot.id));
  const failed = boxes.filter((box) => box.failed !== null);
  const markerAttribute = { [`data-${INSPECTOR_MARKER}`]: "" };
  return createPortal(
    <div className="layout-inspector" {...markerAttribute}>
      {boxes.map((box) => (
        <div
          key={box.id}
          className={`layout-inspector__outline${box.failed ? " layout-inspector__outline--failed" : ""}`}
          style={{ top: box.top, left: box.left, width: box.width, height: Math.max(box.height, 24) }}
        >
          <span className="layout-inspector__label">{box.label}</span>
        </div>
      ))}
      <aside className="layout-inspector__panel" aria-label="Layout inspector" data-lenis-prevent>
        <details open>
          <summary>
            Layout inspector: {rendered.length} of {report.slots.length} slots render
          </summary>
          <dl>
            <dt>Route</dt>
            <dd>{report.route.pattern}</dd>
            <dt>Page</dt>
            <dd>
              asked “{report.route.request}”, id {report.page.id}
            </dd>
            <dt>Layout</dt>
            <dd>
              {report.layout?.file}
              {report.layout && report.layout.extends.length > 0 ? `, extends ${report.layout.extends.join(" → ")}` : ""}
            </dd>
          </dl>
          {unmarked.length > 0 && (
            <p>Rendered without a <code>data-slot</code> element to outline (or not mounted yet): {unmarked.map((slot) => slot.id).join(", ")}</p>
          )}
          <h2>Slots that render nothing ({silent.length + failed.length})</h2>
          <ul>
            {failed.map((box) => (
              <li key={`failed-${box.id}`}>
                <code>{box.id}</code>: the block failed where it mounts ({box.failed === "render" ? "it threw while rendering" : `its code ${box.failed === "timeout" ? "timed out" : "failed to load"}`})
              </li>
            ))}
            {silent.map((slot, index) => (
              <li key={`${slot.id}-${String(index)}`}>
                <code>{slot.id}</code> [{slot.block ?? "no block"}, {describeSource(slot)}]: {slot.reason ? describeReason(slot.reason) : ""}
                {slot.selection && <div className="layout-inspector__steps">{describeSelection(slot)}</div>}
              </li>
            ))}
          </ul>
        </details>
      </aside>
    </div>,
    document.body,
  );
}
