import type { View } from "./view.js";

/** The smallest a counter is drawn when the board frames a situation, in screen pixels: readable on a phone. */
export const MIN_COUNTER_PX = 40;

/** Below this width (screen pixels) the map is a phone's: the frame zooms in for readable counters. */
export const PHONE_WIDTH = 700;

/**
 * The view the board frames a situation with (`wanted`, round the hex
 * centres `points`), made readable on a phone's narrow map: never so wide
 * (or tall) that a counter of `counterSize` sheet pixels is drawn smaller
 * than MIN_COUNTER_PX on an element of `element` screen pixels. It then
 * centres on where the points are thickest (their mean) and the player pans
 * to the rest. A wider screen shows the whole situation, as it has room.
 */
export function readableOnPhone(
  wanted: View,
  points: readonly { readonly x: number; readonly y: number }[],
  counterSize: number,
  element: { readonly width: number; readonly height: number },
): View {
  if (element.width <= 0 || element.height <= 0 || element.width >= PHONE_WIDTH || points.length === 0)
    return wanted;
  // Sheet pixels per screen pixel, at most: a counter stays MIN_COUNTER_PX on screen.
  const most = counterSize / MIN_COUNTER_PX;
  if (Math.max(wanted.w / element.width, wanted.h / element.height) <= most) return wanted;
  const w = Math.min(wanted.w, element.width * most);
  const h = Math.min(wanted.h, element.height * most);
  const cx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const cy = points.reduce((a, p) => a + p.y, 0) / points.length;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}
