import { expect } from "vitest";

/** Checks of SVG text shared by the renderers' tests. */

/** A tiny XML check: every tag closes in order, attributes are quoted, nothing is left open. */
export function wellFormed(svg: string): number {
  const stack: string[] = [];
  let elements = 0;
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m !== null; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    expect(between, `stray markup before ${m[0]}`).not.toMatch(/[<>]/);
    last = tag.lastIndex;
    const [, close, name, , self] = m;
    if (close) expect(stack.pop(), `</${name}> closes the wrong element`).toBe(name);
    else {
      elements++;
      if (!self) stack.push(name as string);
    }
  }
  expect(svg.slice(last).trim()).toBe("");
  expect(stack).toEqual([]);
  return elements;
}

export function pointsOf(attr: string): { x: number; y: number }[] {
  return attr
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [x, y] = pair.split(",").map(Number);
      return { x: x as number, y: y as number };
    });
}

/** The points of the first element carrying `marker` (e.g. data-unit="R-INF1"). */
export function pointsAfter(svg: string, marker: string): { x: number; y: number }[] {
  const at = svg.indexOf(marker);
  expect(at, `no ${marker}`).toBeGreaterThanOrEqual(0);
  const m = /points="([^"]*)"/.exec(svg.slice(at));
  if (!m) throw new Error(`no points after ${marker}`);
  return pointsOf(m[1] as string);
}

export const count = (svg: string, s: string) => svg.split(s).length - 1;
