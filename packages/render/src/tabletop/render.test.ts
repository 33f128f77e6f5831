import { seedPrng } from "@tercio/core";
import {
  type Ctx,
  fieldOfFire,
  horseAndMusket,
  type Position,
  unitFrontEdge,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { count, pointsAfter, wellFormed } from "../test-support/svg.js";
import { renderTabletop } from "./render.js";

function opening(scenario: string, options: Record<string, unknown> = {}): { ctx: Ctx; position: Position } {
  const setup = horseAndMusket.parseSetup({ scenario, options });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = horseAndMusket.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = horseAndMusket.open(ctx.value, setup.value, seedPrng(1));
  if (!opened.ok) throw new Error(opened.error.message);
  return { ctx: ctx.value, position: opened.value.position };
}

describe("the measured table as SVG", () => {
  const { ctx, position } = opening("pitched-battle");

  it("is a well-formed SVG document in ticks, north up, with every unit and its id", () => {
    const svg = renderTabletop(ctx, position);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(wellFormed(svg)).toBeGreaterThan(50);
    expect(svg).toContain(`transform="matrix(1 0 0 -1 0 ${ctx.table.height})"`);
    const ids = Object.keys(position.units);
    expect(ids.length).toBeGreaterThan(4);
    for (const id of ids) {
      expect(count(svg, `data-unit="${id}"`)).toBe(1);
      expect(svg).toContain(`>${id}</text>`);
    }
    expect(svg).toContain("A Pitched Battle");
    expect(svg).toContain("Turn 1 of 10");
  });

  it("draws each base with the engine's own integer corners and its front edge", () => {
    const svg = renderTabletop(ctx, position);
    for (const [id, u] of Object.entries(position.units)) {
      expect(pointsAfter(svg, `data-unit="${id}"`)).toEqual(unitPolygon(u).map((p) => ({ x: p.x, y: p.y })));
      const front = pointsAfter(svg.slice(svg.indexOf(`data-unit="${id}"`)), 'class="front"');
      expect(front).toEqual(unitFrontEdge(u).map((p) => ({ x: p.x, y: p.y })));
    }
  });

  it("draws the scenario's terrain polygons exactly", () => {
    const svg = renderTabletop(ctx);
    for (const t of ctx.scenario.terrain)
      expect(pointsAfter(svg, `data-terrain="${t.id}"`)).toEqual(t.polygon);
    expect(svg.includes("data-unit=")).toBe(false);
  });

  it("draws fields of fire only when asked, as the engine's arc polygons, never for cavalry", () => {
    expect(renderTabletop(ctx, position).includes("data-arc=")).toBe(false);
    const all = renderTabletop(ctx, position, { arcs: true });
    const shooters = Object.entries(position.units).filter(([, u]) => u.type !== "cavalry");
    expect(count(all, "data-arc=")).toBe(shooters.length);
    for (const [id, u] of shooters)
      expect(pointsAfter(all, `data-arc="${id}"`)).toEqual(fieldOfFire(ctx, u, ctx.options.fieldOfFire));
    const cavalry = Object.keys(position.units).find((id) => position.units[id]?.type === "cavalry");
    expect(all.includes(`data-arc="${cavalry}"`)).toBe(false);
    const one = renderTabletop(ctx, position, { arcs: ["R-INF1"] });
    expect(count(one, "data-arc=")).toBe(1);
    expect(one).toContain('data-arc="R-INF1"');
  });

  it('draws a range band as the points within range of the front edge (12" for infantry)', () => {
    expect(renderTabletop(ctx, position).includes("data-range=")).toBe(false);
    const svg = renderTabletop(ctx, position, { ranges: ["R-INF1"] });
    expect(count(svg, "data-range=")).toBe(1);
    const at = svg.indexOf('data-range="R-INF1"');
    const tagText = svg.slice(at, svg.indexOf("/>", at));
    expect(tagText).toContain(`data-ticks="${12 * 6096}"`);
    const d = /d="([^"]*)"/.exec(tagText)?.[1] ?? "";
    const nums = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    // Every endpoint of the path (after M, L, and the last two numbers of each A) lies 12" from the front edge.
    const [a, b] = unitFrontEdge(position.units["R-INF1"] as Position["units"][string]);
    const dist = (p: { x: number; y: number }) => {
      const vx = b.x - a.x;
      const vy = b.y - a.y;
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy)));
      return Math.hypot(p.x - a.x - t * vx, p.y - a.y - t * vy);
    };
    const ends: { x: number; y: number }[] = [];
    for (const seg of d.split(/(?=[MLA])/)) {
      const n = (seg.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      ends.push({ x: n[n.length - 2] as number, y: n[n.length - 1] as number });
    }
    expect(nums.length).toBeGreaterThan(10);
    for (const p of ends) expect(Math.abs(dist(p) - 12 * 6096)).toBeLessThan(1.5);
  });

  it("shows zones and objectives only when asked", () => {
    const plain = renderTabletop(ctx, position);
    expect(plain.includes("data-zone=")).toBe(false);
    const { ctx: town, position: p2 } = opening("town-to-hold");
    const svg = renderTabletop(town, p2, { zones: true, objectives: true });
    expect(count(svg, "data-zone=")).toBe(2);
    expect(pointsAfter(svg, 'data-zone="first"')).toEqual(town.scenario.deployment.first);
    expect(svg).toContain("data-objective=");
  });

  it("marks squares, hits and the contacts the position records", () => {
    const ids = Object.keys(position.units).sort();
    const inf = ids.find(
      (id) => position.units[id]?.type === "infantry" && position.units[id]?.side === "second",
    );
    const cav = ids.find(
      (id) => position.units[id]?.type === "cavalry" && position.units[id]?.side === "first",
    );
    if (!inf || !cav) throw new Error("no infantry or cavalry");
    const u = position.units[inf] as Position["units"][string];
    const p: Position = {
      ...position,
      units: { ...position.units, [inf]: { ...u, formation: "square", hits: 7 } },
      contacts: [{ attacker: cav, defender: inf, side: "left" }],
    };
    const svg = renderTabletop(ctx, p);
    wellFormed(svg);
    expect(svg).toContain('data-formation="square"');
    expect(svg).toContain('class="square"');
    expect(svg).toContain("7/15 hits");
    expect(svg).toContain(`data-contact="${cav}&gt;${inf}"`);
    expect(svg).toContain("charge: left");
  });

  it("names the winner of a finished game once, after the status line", () => {
    const over: Position = {
      ...position,
      phase: "over",
      result: { winner: "second", reason: "Blue Army hold" },
    };
    const svg = renderTabletop(ctx, over);
    expect(svg).toContain("game over, Blue Army hold; Blue Army win.");
    expect(svg.split("Blue Army hold").length - 1).toBe(2); // the title element and the status line
  });

  it("draws rivers with their crossings and roads at their width, on every scenario and a random table", () => {
    for (const s of horseAndMusket.scenarios()) {
      const { ctx: c, position: p } = opening(s.id, s.id === "random" ? { tableSeed: 5 } : {});
      const svg = renderTabletop(c, p, { arcs: true, ranges: true, zones: true, objectives: true });
      wellFormed(svg);
      for (const r of c.scenario.rivers) {
        expect(pointsAfter(svg, `data-river="${r.id}"`)).toEqual(r.line);
        expect(count(svg, "data-crossing=")).toBeGreaterThanOrEqual(r.crossings.length);
      }
      for (const r of c.scenario.roads) expect(svg).toContain(`data-road="${r.id}" data-width="${r.width}"`);
    }
  });
});
