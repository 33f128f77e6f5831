import {
  type DirectionIndex,
  defaultCatalog,
  idOf,
  indexOfId,
  neighbourOf,
  parsePosition,
  TERRAINS,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { newCommand } from "./new.js";

interface PositionJson {
  phase: string;
  phasing: string;
  stacks: Record<string, string[]>;
  units: Record<string, { side: string; type: string }>;
  hash?: string;
}

const catalog = defaultCatalog();
const grid = catalog.map.grid;

/** A Swedish infantry unit on the map with an empty clear hex beside it. */
function moverWithRoom(position: PositionJson): { unit: string; from: string; to: string } {
  const clear = TERRAINS.indexOf("clear");
  for (const [from, ids] of Object.entries(position.stacks)) {
    for (const unit of ids) {
      const u = position.units[unit];
      if (u?.side !== "first" || !["PP", "PM"].includes(u.type)) continue;
      for (const d of [0, 1, 2, 3, 4, 5] as const) {
        const n = neighbourOf(grid, indexOfId(grid, from), d as DirectionIndex);
        if (n >= 0 && catalog.map.terrain[n] === clear && !position.stacks[idOf(grid, n)])
          return { unit, from, to: idOf(grid, n) };
      }
    }
  }
  throw new Error("no Swedish infantry with room to move");
}

/** Lutzen deployed automatically, at the Swedish Movement Phase of Game-Turn 1. */
function movementPhase(): MemoryIo {
  const io = new MemoryIo();
  expect(newCommand("lutzen", { seed: "1", deploy: "auto", out: "fire.json" }, io).exitCode).toBe(0);
  const r = applyCommand("fire.json", ['{"type":"end-phase"}'], { out: "move.json" }, io);
  expect(r.exitCode, r.stderr).toBe(0);
  return io;
}

describe("tercio apply", () => {
  it("[4.2] ending the Fire Combat Phase begins the Movement Phase; the position goes to stdout, events to stderr", () => {
    const io = new MemoryIo();
    newCommand("lutzen", { seed: "1", deploy: "auto", out: "fire.json" }, io);
    const r = applyCommand("fire.json", ['{"type":"end-phase"}'], {}, io);
    expect(r.exitCode).toBe(0);
    const next = JSON.parse(r.stdout) as PositionJson;
    expect(next.phase).toBe("movement");
    expect(r.stderr).toContain("Swedish Fire Combat Phase ended");
    expect(r.stderr).toContain("Game-Turn 1 of 15 — Swedish — Movement Phase");
    expect(parsePosition(defaultCatalog(), next).ok).toBe(true);
  });

  it("[5.1] moves a unit, from an inline action or @file, and prints { position, events } with --json", () => {
    const io = movementPhase();
    const { unit, to } = moverWithRoom(JSON.parse(io.readText("move.json")) as PositionJson);
    io.writeText("act.json", JSON.stringify([{ type: "move", unit, steps: [to] }]));
    const r = applyCommand("move.json", ["@act.json"], { json: true }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { position: PositionJson; events: { type: string; to?: string }[] };
    expect(out.position.stacks[to]?.[0]).toBe(unit);
    expect(out.events[0]).toMatchObject({ type: "unit-moved", unit, to });
    const inline = applyCommand("move.json", [JSON.stringify({ type: "move", unit, steps: [to] })], {}, io);
    expect(inline.stderr).toContain(`${unit} moved`);
  });

  it("[5.2F] refuses a move into a hex holding enemy units: exit 2, the rule cited, nothing written", () => {
    const io = movementPhase();
    const position = JSON.parse(io.readText("move.json")) as PositionJson;
    const { unit, to: enemyHex } = moverWithRoom(position);
    // Take one Imperialist unit from a stack of two and set it up next to the Swedish unit.
    const [sourceHex, ids] = Object.entries(position.stacks).find(
      ([, s]) => s.length === 2 && position.units[s[0] ?? ""]?.side === "second",
    ) ?? ["", []];
    const enemy = ids[1] ?? "";
    position.stacks[sourceHex] = ids.slice(0, 1);
    position.stacks[enemyHex] = [enemy];
    delete position.hash;
    io.writeText("edited.json", JSON.stringify(position));
    expect(parsePosition(catalog, position).ok).toBe(true);

    const action = JSON.stringify({ type: "move", unit, steps: [enemyHex] });
    const r = applyCommand("edited.json", [action], { out: "after.json" }, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/5\.2\(F\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(io.exists("after.json")).toBe(false);
    expect(r.stdout).toBe("");
  });

  it("[5.4L] names the illegal action of several, by its place in the list", () => {
    const io = movementPhase();
    const r = applyCommand(
      "move.json",
      ['[{"type":"move","unit":"B-PP01","steps":["unlimber"]}]', '{"type":"end-phase"}'],
      {},
      io,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/action 1 of 2 is illegal: 5\.4\(L\)/);
  });

  it("refuses malformed actions with exit 1, naming the field", () => {
    const io = movementPhase();
    const r = applyCommand("move.json", ['{"type":"move","unit":"B-PP01"}'], {}, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/steps/);
    expect(applyCommand("move.json", ["{oops"], {}, io).stderr).toMatch(/not valid JSON/);
    expect(applyCommand("missing.json", ['{"type":"end-phase"}'], {}, io).stderr).toMatch(
      /cannot read missing\.json/,
    );
  });

  it("refuses a position that fails validation with the DataError message", () => {
    const io = movementPhase();
    const position = JSON.parse(io.readText("move.json")) as PositionJson;
    position.phasing = "third";
    io.writeText("bad.json", JSON.stringify(position));
    const r = applyCommand("bad.json", ['{"type":"end-phase"}'], {}, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/invalid position:\n\s+phasing:/);
  });
});
