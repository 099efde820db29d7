import { useEffect, useRef, type ReactNode } from "react";
import "./dialog.css";

interface DialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  /** Where focus goes when the dialog closes; by default, wherever it was when the dialog opened. */
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  closeLabel?: string;
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern) on the native <dialog>: the page behind is inert,
 * Escape and a click on the backdrop close it, and focus returns where the visitor was.
 * Mount it to open it; unmount it to close it.
 */
export function Dialog({ labelledBy, onClose, returnFocus, className, closeLabel = "Close", children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  const focusBack = useRef(returnFocus);
  useEffect(() => {
    close.current = onClose;
    focusBack.current = returnFocus;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === "function") {
      dialog.showModal();
    } else {
      // Without native support the dialog still opens (not modal) and takes focus.
      dialog.setAttribute("open", "");
      dialog.querySelector<HTMLElement>("button, [href], input")?.focus();
    }
    // The dialog has no padding: a press on the dialog element itself is a press on its backdrop.
    // A press that starts inside and ends on the backdrop (selecting text) does not close it.
    let pressedOnBackdrop = false;
    const press = (event: PointerEvent) => (pressedOnBackdrop = event.target === dialog);
    const click = (event: MouseEvent) => {
      if (event.target === dialog && pressedOnBackdrop) close.current();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    const cancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    const listening = new AbortController();
    const { signal } = listening;
    dialog.addEventListener("pointerdown", press, { signal });
    dialog.addEventListener("click", click, { signal });
    dialog.addEventListener("keydown", key, { signal });
    dialog.addEventListener("cancel", cancel, { signal });
    return () => {
      listening.abort();
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
      (focusBack.current?.() ?? previous)?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={`dialog ${className ?? ""}`} aria-labelledby={labelledBy}>
      <div className="dialog__body">
        <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => close.current()}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </dialog>
  );
}
