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

describe("tercio --system plucky-pikes render", () => {
  const SYSTEM = "plucky-pikes";

  it("[001 Artillery] draws a scenario's opening: stands of figures, the guns' horse teams, officers, terrain", () => {
    const io = new MemoryIo();
    const r = renderCommand("morat-palisade", { system: SYSTEM, out: "morat.svg" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("morat.svg");
    const svg = io.readText("morat.svg");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("Plucky Pikes and Stalwart Shot (001) — The Grünhag at Morat (1476)");
    for (const id of ["B1", "B3", "B4", "B7", "C1", "C5", "C8"]) expect(svg).toContain(`data-unit="${id}"`);
    expect(svg).toContain('data-team="B4"');
    expect(svg).toContain('data-team="B7"');
    expect(svg).toContain('data-officer="charles"');
    expect(svg).toContain('data-terrain="rise"');
    expect(svg).toContain('data-linear="gruenhag"');
    expect(svg).toContain('data-objective="battery"');
    expect(svg).toContain('class="figure"');
  });

  it("draws a position file, the same bytes as the scenario's opening at the same seed", () => {
    const io = new MemoryIo();
    expect(newCommand("cerignola-trenches", { system: SYSTEM, seed: "3", out: "p.json" }, io).exitCode).toBe(
      0,
    );
    const r = renderCommand("p.json", { system: SYSTEM, out: "p.svg" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    const svg = io.readText("p.svg");
    const position = io.json("p.json") as { units: Record<string, unknown> };
    for (const id of Object.keys(position.units)) expect(svg).toContain(`data-unit="${id}"`);
    const opening = renderCommand("cerignola-trenches", { system: SYSTEM, seed: "3" }, io);
    expect(opening.exitCode, opening.stderr).toBe(0);
    expect(opening.stdout).toBe(svg);
    // Twice, the same bytes.
    renderCommand("p.json", { system: SYSTEM, out: "again.svg" }, io);
    expect(io.readText("again.svg")).toBe(svg);
  });

  it("refuses a bad position file with what is wrong, and a file of another system", () => {
    const io = new MemoryIo({
      "broken.json": "{ not json",
      "bad.json": JSON.stringify({ format: "tercio/ppss-position@1", turn: 0 }),
    });
    const broken = renderCommand("broken.json", { system: SYSTEM }, io);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain("the position in broken.json is not valid JSON");
    const bad = renderCommand("bad.json", { system: SYSTEM }, io);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^tercio: bad\.json: /);
    expect(bad.stderr).toContain("turn");
    newCommand("fontenoy-redoubt", { system: "horse-and-musket-nt", seed: "1", out: "nt.json" }, io);
    const other = renderCommand("nt.json", { system: SYSTEM }, io);
    expect(other.exitCode).toBe(1);
    expect(other.stderr).toContain("nt.json: ");
    const none = renderCommand("waterloo", { system: SYSTEM }, io);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain("neither a position file nor a scenario of plucky-pikes");
  });

  it("refuses the other tables' flags, naming the systems they are for", () => {
    const io = new MemoryIo();
    const refused = (options: Parameters<typeof renderCommand>[1]) =>
      renderCommand("morat-palisade", { system: SYSTEM, ...options }, io);
    expect(refused({ arcs: true }).stderr).toContain(
      "--arcs is for horse-and-musket-ch11; plucky-pikes has no such overlay",
    );
    expect(refused({ ranges: "B4" }).stderr).toContain(
      "--ranges is for horse-and-musket-ch11 and horse-and-musket-nt;",
    );
    expect(refused({ threats: true }).stderr).toContain("--threats is for horse-and-musket-nt;");
    expect(refused({ protected: true }).stderr).toContain("--protected is for horse-and-musket-nt;");
    expect(refused({ zones: true }).stderr).toContain(
      "--zones is for musket-and-pike, horse-and-musket-ch11 and horse-and-musket-nt; plucky-pikes has no deployment zones, and draws its objectives always",
    );
    expect(refused({ ids: true }).stderr).toContain("--ids prints hex ids (Musket & Pike)");
    expect(refused({ deploy: "auto" }).stderr).toContain("--deploy is Musket & Pike's");
    expect(refused({ arcs: true }).exitCode).toBe(1);
  });
});
