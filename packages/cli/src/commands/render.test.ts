import { defaultCatalog, legalActions, parsePosition } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { newCommand } from "./new.js";
import { renderCommand } from "./render.js";

function group(svg: string, id: string): string {
  const start = svg.indexOf(`<g id="${id}"`);
  expect(start, `no group ${id}`).toBeGreaterThanOrEqual(0);
  return svg.slice(start, svg.indexOf("</g>", start));
}

const catalog = defaultCatalog();

const hexCount = (svg: string) => (group(svg, "terrain").match(/<use href="#hx"/g) ?? []).length;

describe("tercio render", () => {
  it("draws the bare map: 48 x 32 hexes, roads, the 16 key hexes, margin numbers", () => {
    const io = new MemoryIo();
    const r = renderCommand("map", { out: "map.svg" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("map.svg");
    const svg = io.readText("map.svg");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(hexCount(svg)).toBe(48 * 32);
    expect(svg).toContain('id="roads"');
    expect(svg.includes(`class="tt-sea"`)).toBe(false);
    expect((group(svg, "key-hexes").match(/<circle/g) ?? []).length).toBe(16);
    expect(group(svg, "margins")).toContain(">48<");
    expect(svg.includes('id="hex-ids"')).toBe(false);
    expect(svg.length).toBeLessThan(400_000);
  });

  it("prints hex ids with --ids", () => {
    const io = new MemoryIo();
    renderCommand("map", { out: "map.svg", ids: true }, io);
    const ids = group(io.readText("map.svg"), "hex-ids");
    expect(ids).toContain(">0101<");
    expect(ids).toContain(">4832<");
  });

  it("[16.13] draws Nieuport's North Sea as sea and outlines the deployment zones with --zones", () => {
    const io = new MemoryIo();
    const r = renderCommand("nieuport", { out: "n.svg", zones: true }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    const svg = io.readText("n.svg");
    expect(hexCount(svg)).toBe(48 * 32);
    expect(group(svg, "terrain")).toContain('class="tt-sea"');
    expect(svg).toContain('id="zones"');
    expect(svg).toContain("Spanish");
    expect(svg).toContain("16.13 Nieuport");
  });

  it("[16.24] marks Lutzen's entry edge for the Swedish force (b)", () => {
    const io = new MemoryIo();
    renderCommand("16.24", { out: "l.svg", zones: true }, io);
    expect(io.readText("l.svg")).toContain("Swedish (b) enter, Game-Turn 1");
  });

  it("[16.0] draws a deployed position: a counter for every stack, the status line, units off the map", () => {
    const io = new MemoryIo();
    newCommand("lutzen", { seed: "1", deploy: "auto", out: "pos.json" }, io);
    const position = io.json("pos.json") as { stacks: Record<string, string[]> };
    const r = renderCommand("pos.json", { out: "pos.svg" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    const svg = io.readText("pos.svg");
    expect(hexCount(svg)).toBe(48 * 32);
    expect((svg.match(/data-hex="/g) ?? []).length).toBe(Object.keys(position.stacks).length);
    expect(svg).toContain("Game-Turn 1 of 15 — Swedish — Fire Combat Phase");
    expect(svg).toContain("Awaiting entry — 45");
    expect(svg).toContain("#sym-pike");
  });

  it("[7.2D] draws allocated attacks: one arrow per attacking hex and target, dashed for fire", () => {
    const io = new MemoryIo();
    newCommand("coutras", { seed: "1", deploy: "auto", out: "pos.json" }, io);
    const parsed = parsePosition(catalog, io.json("pos.json"));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const legal = legalActions(parsed.value.ctx, parsed.value.position);
    const units = new Set<string>();
    const shots = legal
      .filter((a) => a.type === "fire" && !units.has(a.unit) && units.add(a.unit))
      .slice(0, 2);
    expect(shots).toHaveLength(2);
    const r = applyCommand(
      "pos.json",
      shots.map((a) => JSON.stringify(a)),
      { out: "fire.json" },
      io,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    renderCommand("fire.json", { out: "fire.svg" }, io);
    const arrows = group(io.readText("fire.svg"), "attacks").match(/<line /g) ?? [];
    // Two firers: one arrow each, or one if they share a hex and a target.
    expect(arrows.length).toBeGreaterThanOrEqual(1);
    expect(arrows.length).toBeLessThanOrEqual(2);
    expect(group(io.readText("fire.svg"), "attacks")).toContain('marker-end="url(#fire-head)"');
  });

  it("renders a scenario's opening position directly with --deploy auto", () => {
    const io = new MemoryIo();
    const r = renderCommand("killiecrankie", { out: "-", deploy: "auto", seed: "2" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("data-hex=");
  });

  it("refuses what is neither a file nor a scenario", () => {
    const r = renderCommand("waterloo", { out: "x.svg" }, new MemoryIo());
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/neither a position file nor a scenario/);
  });
});
