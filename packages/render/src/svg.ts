/** Small helpers for writing SVG as strings: escaping, compact numbers, elements. */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A coordinate or length with at most one decimal, without a trailing ".0" (keeps the SVG small). */
export function num(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

export type Attrs = Readonly<Record<string, string | number | undefined>>;

function attrText(attrs: Attrs): string {
  let out = "";
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === "number" ? num(v) : esc(v)}"`;
  }
  return out;
}

/** An element; self-closing when it has no content. Content is raw SVG (escape text with `esc`). */
export function el(tag: string, attrs: Attrs = {}, content?: string): string {
  return content === undefined || content === ""
    ? `<${tag}${attrText(attrs)}/>`
    : `<${tag}${attrText(attrs)}>${content}</${tag}>`;
}

/** A text element with escaped content. */
export function text(x: number, y: number, content: string, attrs: Attrs = {}): string {
  return el("text", { x, y, ...attrs }, esc(content));
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Path data for a polyline through points. */
export function polyline(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${num(p.x)} ${num(p.y)}`).join("");
}

/** Path data for one straight segment. */
export function segment(a: Point, b: Point): string {
  return `M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`;
}
