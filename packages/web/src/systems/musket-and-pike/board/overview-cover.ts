import type { Cover } from "./follow.js";

/** Where the overview map covers the map's frame, as fractions of it (none while it is hidden). */
export function overviewCover(frame: Element | null): Cover | undefined {
  const mini = frame?.closest(".board")?.querySelector(".minimap");
  if (!frame || !mini) return undefined;
  const a = frame.getBoundingClientRect();
  const b = mini.getBoundingClientRect();
  if (a.width <= 0 || a.height <= 0) return undefined;
  const x = (px: number) => Math.min(1, Math.max(0, (px - a.left) / a.width));
  const y = (px: number) => Math.min(1, Math.max(0, (px - a.top) / a.height));
  return { left: x(b.left), top: y(b.top), right: x(b.right), bottom: y(b.bottom) };
}
