import type { View } from "./view.js";

/** The smallest a counter is drawn when the board frames a situation, in screen pixels: readable on a phone. */
export const MIN_COUNTER_PX = 40;

/** Below this width (screen pixels) the map is a phone's: the frame zooms in for readable counters. */
export const PHONE_WIDTH = 700;

/**
 * The view that frames `points` (hex centres on the sheet) with a margin,
 * at least `minWidth` wide so the context shows, but never so wide (or
 * tall), on a phone's narrow map, that a counter of `counterSize` sheet
 * pixels is drawn smaller than MIN_COUNTER_PX on an element of `element`
 * screen pixels: the frame then centres on where the points are thickest
 * (their mean) and the player pans to the rest. A wider screen shows the
 * whole situation, as it has room for it.
 */
export function frameOf(
  points: readonly { readonly x: number; readonly y: number }[],
  margin: number,
  minWidth: number,
  counterSize: number,
  element: { readonly width: number; readonly height: number },
): View | undefined {
  if (points.length === 0) return undefined;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs) - margin;
  const maxX = Math.max(...xs) + margin;
  const minY = Math.min(...ys) - margin;
  const maxY = Math.max(...ys) + margin;
  let w = Math.max(maxX - minX, minWidth);
  let h = maxY - minY;
  let cx = (minX + maxX) / 2;
  let cy = (minY + maxY) / 2;
  if (element.width <= 0 || element.height <= 0 || element.width >= PHONE_WIDTH)
    return { x: cx - w / 2, y: cy - h / 2, w, h };
  // Sheet pixels per screen pixel, at most: a counter stays MIN_COUNTER_PX on screen.
  const most = counterSize / MIN_COUNTER_PX;
  const fitted = Math.max(w / element.width, h / element.height);
  if (fitted > most) {
    w = Math.min(w, element.width * most);
    h = Math.min(h, element.height * most);
    cx = xs.reduce((a, b) => a + b, 0) / xs.length;
    cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  }
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}
