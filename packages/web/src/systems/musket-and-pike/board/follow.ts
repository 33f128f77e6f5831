import type { View } from "./view.js";

/** A point of the map sheet, in its pixels. */
export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** The rectangle round these points, `margin` wider on every side; undefined for none. */
export function boxAround(points: readonly Pt[], margin: number): View | undefined {
  if (points.length === 0) return undefined;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, w: Math.max(...xs) + margin - x, h: Math.max(...ys) + margin - y };
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(outer: View, inner: View): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h
  );
}

/** A box widened about its centre to at least `minW` (so a lone unit opens with its surroundings). */
export function framed(box: View, minW: number): View {
  const w = Math.max(box.w, minW);
  return { x: box.x + box.w / 2 - w / 2, y: box.y, w, h: box.h };
}

/**
 * Where the view goes to bring `box` into sight from `shown` (the viewBox on
 * screen): nowhere if it is already in sight; panned at the same zoom if it
 * fits; otherwise zoomed out just enough to hold it. The player's zoom is
 * kept whenever it can be, so following never makes counters jump in size.
 */
export function follow(shown: View, box: View): View {
  if (contains(shown, box)) return shown;
  if (box.w <= shown.w && box.h <= shown.h)
    return { ...shown, x: box.x + box.w / 2 - shown.w / 2, y: box.y + box.h / 2 - shown.h / 2 };
  return box;
}

/** A view part way (t from 0 to 1, eased) from `a` to `b`: the frames of a smooth pan. */
export function between(a: View, b: View, t: number): View {
  const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const mix = (p: number, q: number) => p + (q - p) * e;
  return { x: mix(a.x, b.x), y: mix(a.y, b.y), w: mix(a.w, b.w), h: mix(a.h, b.h) };
}
