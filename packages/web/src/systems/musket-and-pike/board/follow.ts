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

/**
 * A part of the map's element that something drawn over the map covers
 * (the overview map, in its corner), as fractions of the element's width
 * and height, from its left and top edges.
 */
export interface Cover {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The cover in the sheet's pixels, for the view `v` on screen. */
function coverIn(v: View, c: Cover): View {
  return {
    x: v.x + c.left * v.w,
    y: v.y + c.top * v.h,
    w: (c.right - c.left) * v.w,
    h: (c.bottom - c.top) * v.h,
  };
}

function overlaps(a: View, b: View): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Whether `box` is on screen in `v` and clear of the cover. */
export function inClearSight(v: View, box: View, cover: Cover | undefined): boolean {
  return contains(v, box) && (cover === undefined || !overlaps(coverIn(v, cover), box));
}

/**
 * A view that shows `box` clear of the cover, starting from `v` (a view the
 * box is in, as `follow` gives): `v` itself if the cover hides none of it;
 * else `v` slid at the same zoom until the box stands left of the cover or
 * above it, whichever is the shorter slide; else zoomed out from its top-left
 * corner just enough for the box to clear it; else (nothing clears it) `v`. `fit` is how the host shows a
 * wanted view (its aspect, kept on the sheet); a slide the sheet's edge
 * undoes is not taken.
 */
export function clearOfCover(v: View, box: View, cover: Cover | undefined, fit: (v: View) => View): View {
  if (cover === undefined || inClearSight(v, box, cover)) return v;
  // A cover over the whole map leaves no clear part to use.
  if (cover.left <= 0 && cover.top <= 0) return v;
  const slides: View[] = [];
  // Left of the cover: the box's right edge at the cover's left edge.
  if (box.w <= cover.left * v.w) slides.push({ ...v, x: box.x + box.w - cover.left * v.w });
  // Above it: the box's bottom edge at the cover's top edge.
  if (box.h <= cover.top * v.h) slides.push({ ...v, y: box.y + box.h - cover.top * v.h });
  const moved = (s: View) => Math.abs(s.x - v.x) + Math.abs(s.y - v.y);
  const clear = slides
    .map(fit)
    .filter((s) => inClearSight(s, box, cover))
    .sort((a, b) => moved(a) - moved(b));
  if (clear[0]) return clear[0];
  // Zoomed out about the view's top-left corner until the box stands left of the cover, or above it: the
  // smaller zoom that the sheet's edges leave clear (at the bottom edge only the first can, at the right only
  // the second). None at all (the box in the sheet's corner under the cover) keeps the view.
  const scaled = (k: number) => fit({ x: v.x, y: v.y, w: v.w * k, h: v.h * k });
  const zooms = [(box.x + box.w - v.x) / (cover.left * v.w), (box.y + box.h - v.y) / (cover.top * v.h)]
    .filter((k) => Number.isFinite(k) && k > 1)
    .sort((a, b) => a - b)
    .map(scaled)
    .filter((z) => inClearSight(z, box, cover));
  return zooms[0] ?? v;
}
