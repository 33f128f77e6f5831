/** A rectangle of the map sheet, in the sheet's pixels (an SVG viewBox). */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * The viewBox actually shown for a wanted view: grown around its centre to
 * the element's aspect (height / width), so the SVG is never letterboxed,
 * and kept on the sheet wherever it fits, so no empty margin shows beside
 * the map (a view larger than the sheet is centred on it).
 */
export function shownView(
  wanted: View,
  aspect: number,
  sheet: { readonly w: number; readonly h: number },
): View {
  let { w, h } = wanted;
  if (h / w < aspect) h = w * aspect;
  else w = h / aspect;
  const clamp = (c: number, size: number, total: number) =>
    size >= total ? total / 2 : Math.min(Math.max(c, size / 2), total - size / 2);
  const cx = clamp(wanted.x + wanted.w / 2, w, sheet.w);
  const cy = clamp(wanted.y + wanted.h / 2, h, sheet.h);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** The view zoomed by `factor` (above 1 shows more) about a point of the sheet, within sensible bounds. */
export function zoomed(
  v: View,
  factor: number,
  minW: number,
  maxW: number,
  px = v.x + v.w / 2,
  py = v.y + v.h / 2,
): View {
  const w = Math.min(maxW, Math.max(minW, v.w * factor));
  const k = w / v.w;
  return { x: px - (px - v.x) * k, y: py - (py - v.y) * k, w, h: v.h * k };
}

/**
 * The camera: the CSS transform that shows the `shown` part of the sheet
 * across a frame `width` pixels wide (the sheet drawn at its own size, one
 * unit a pixel, scaled and moved).
 */
export function cameraTransform(shown: View, width: number): string {
  if (width <= 0 || shown.w <= 0) return "none";
  const k = width / shown.w;
  return `matrix(${k}, 0, 0, ${k}, ${-shown.x * k}, ${-shown.y * k})`;
}
