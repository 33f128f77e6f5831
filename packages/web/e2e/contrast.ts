/// <reference lib="dom" />
import type { Locator } from "playwright-core";

/**
 * Contrast ratios as WCAG 2 defines them (relative luminance of sRGB), of
 * colours as the browser computed them: what a tester measures by hand.
 */

type Which = "text" | "outline";

/**
 * The contrast of an element's text colour (or its focus outline's) against
 * the background behind it: its own background, else the nearest ancestor's
 * that is not transparent (the outline is drawn outside the element, so it
 * is measured against the parent's).
 */
export function contrastOf(element: Locator, which: Which = "text"): Promise<number> {
  return element.evaluate((el, w) => {
    const rgb = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m?.[1]) return [0, 0, 0, 0];
      const [r = 0, g = 0, b = 0, a = 1] = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const lum = ([r, g, b]: [number, number, number, number]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const style = getComputedStyle(el);
    const fg = rgb(w === "outline" ? style.outlineColor : style.color);
    let at: Element | null = w === "outline" ? el.parentElement : el;
    let bg: [number, number, number, number] = [255, 255, 255, 1];
    while (at) {
      const c = rgb(getComputedStyle(at).backgroundColor);
      if (c[3] > 0) {
        bg = c;
        break;
      }
      at = at.parentElement;
    }
    const [a, b] = [lum(fg), lum(bg)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }, which);
}
