import { useCallback, useEffect, useRef, useState } from "react";
import { between } from "./follow.js";
import type { View } from "./view.js";

/** How long a pan to a new focus takes, in ms (none when the player asks for reduced motion). */
const GLIDE_MS = 280;

function reducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/**
 * The board's wanted view, set at once (the player's drags, wheel and keys)
 * or glided to (following the side to act, a log line, the next unit). A
 * glide is a few animation frames of eased views; prefers-reduced-motion
 * makes it a jump, and any move by hand stops it.
 */
export function useCamera(initial: View, current: () => View) {
  const [view, setView] = useState<View>(initial);
  // Whether a glide is under way: the board says so (data-gliding), so that a test clicks a hex only once it stands.
  const [gliding, setGliding] = useState(false);
  const frame = useRef<number | undefined>(undefined);
  const stop = useCallback(() => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
    setGliding(false);
  }, []);
  useEffect(() => stop, [stop]);

  const set = useCallback(
    (v: View | ((v: View) => View)) => {
      stop();
      setView(v);
    },
    [stop],
  );
  const glide = (target: View) => {
    stop();
    if (reducedMotion()) {
      setView(target);
      return;
    }
    const from = current();
    const t0 = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - t0) / GLIDE_MS);
      setView(between(from, target, t));
      frame.current = t < 1 ? requestAnimationFrame(step) : undefined;
      if (t >= 1) setGliding(false);
    };
    setGliding(true);
    frame.current = requestAnimationFrame(step);
  };
  return { view, set, glide, gliding };
}
