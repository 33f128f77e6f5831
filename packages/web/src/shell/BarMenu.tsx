import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * The phase bar's less frequent commands (save, load, replay, scenarios):
 * in the bar on a wide screen; on a phone behind a Menu button, so that the
 * bar keeps to two short lines (styles.css shows the one or the other).
 * The menu closes on Escape, on a click outside, and once a command is chosen.
 */
export function BarMenu({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node | null;
      if (t && !ref.current?.contains(t) && !toggle.current?.contains(t)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onDown);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  return (
    <>
      <button
        type="button"
        ref={toggle}
        className="bar-menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="bar-menu"
      >
        Menu
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on a command inside closes the menu; the keys act on the buttons themselves */}
      <div id={id} ref={ref} className={`bar-more${open ? " open" : ""}`} onClick={() => setOpen(false)}>
        {children}
      </div>
    </>
  );
}
