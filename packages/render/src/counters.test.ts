import {
  apply,
  autoDeploy,
  defaultCatalog,
  gameContext,
  newGame,
  type Position,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { counterFace, counterLayer, faceOf } from "./counters.js";
import { renderPosition } from "./index.js";
import { createLayout } from "./layout.js";
import { SIDE_DARK } from "./palette.js";

/** Lützen (16.24) with both sides set up automatically. */
function deployed() {
  const ctx = gameContext(defaultCatalog(), "lutzen");
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed: 1, optionalRules: [] });
  if (!opened.ok) throw new Error(opened.error.message);
  let p: Position = opened.value.position;
  while (p.phase === "deployment")
    for (const a of [...autoDeploy(ctx.value, p), { type: "end-phase" } as const]) {
      const r = apply(ctx.value, p, a);
      if (!r.ok) throw new Error(r.error.message);
      p = r.value.position;
    }
  return { ctx: ctx.value, position: p };
}

const { ctx, position } = deployed();
const layout = createLayout(ctx.map.grid.columns, ctx.map.grid.rows, 22, 28);

describe("counters (defect 11)", () => {
  it("draws the key hexes under the counters, so a badge never hides one", () => {
    const svg = renderPosition(ctx, position);
    expect(svg.indexOf('id="key-hexes"')).toBeGreaterThan(0);
    expect(svg.indexOf('id="key-hexes"')).toBeLessThan(svg.indexOf('id="counters"'));
  });

  it("marks the sides by pattern as well as colour: the Second Player's counters are striped", () => {
    const unitOf = (side: "first" | "second") => {
      const u = Object.values(position.units).find((x) => x.side === side);
      if (!u) throw new Error(side);
      return faceOf(ctx, u);
    };
    expect(counterFace(layout, unitOf("second"))).toContain("url(#side-second)");
    expect(counterFace(layout, unitOf("first"))).not.toContain("url(#side-second)");
  });

  it("marks the sides' swatches on the sheet's panel as their counters are: striped for the Second Player", () => {
    const svg = renderPosition(ctx, position);
    // A swatch is a square filled with the side's colour and edged with its dark tone.
    const swatches = (stroke: string) =>
      [...svg.matchAll(/<rect [^>]*>/g)].map((m) => m[0]).filter((r) => r.includes(`stroke="${stroke}"`));
    const second = swatches(SIDE_DARK.second).filter((r) => !r.includes("rx="));
    expect(second.length).toBeGreaterThan(0);
    for (const r of second) expect(r).toContain('fill="url(#side-second)"');
    for (const r of swatches(SIDE_DARK.first)) expect(r).not.toContain("url(#side-second)");
  });

  it("fades and dog-ears a stack whose units are all spent, and only such a stack", () => {
    const [hex, ids] = Object.entries(position.stacks).find(([, s]) => s.length > 1) ?? [];
    if (!hex || !ids) throw new Error("no stack of two in the opening");
    const group = (svg: string) => new RegExp(`<g [^>]*data-hex="${hex}"[^>]*>`).exec(svg)?.[0] ?? "";
    expect(group(counterLayer(layout, ctx, position))).not.toContain("spent");
    expect(group(counterLayer(layout, ctx, position, new Set([ids[0] ?? ""])))).not.toContain("spent");
    const all = counterLayer(layout, ctx, position, new Set(ids));
    expect(group(all)).toContain('data-spent="true"');
    expect(all).toContain("spent-mark");
  });
});
