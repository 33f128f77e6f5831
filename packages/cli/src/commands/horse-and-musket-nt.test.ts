import type { Position } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { checkMoveCommand } from "./check-move.js";
import { legalCommand } from "./legal.js";
import { newCommand } from "./new.js";
import { playCommand } from "./play.js";
import { renderCommand } from "./render.js";
import { scenarioList, scenarioShow } from "./scenario.js";

const SYSTEM = "horse-and-musket-nt";
const IN = 6096;

/** A fresh Fontenoy in p.json. */
function opened(scenario = "fontenoy-redoubt"): { io: MemoryIo; position: Position } {
  const io = new MemoryIo();
  const r = newCommand(scenario, { system: SYSTEM, seed: "1", out: "p.json" }, io);
  expect(r.exitCode, r.stderr).toBe(0);
  return { io, position: io.json("p.json") as Position };
}

describe("tercio --system horse-and-musket-nt: scenarios", () => {
  it("lists the ten designed scenarios and the random table", () => {
    const r = scenarioList({ system: SYSTEM });
    expect(r.exitCode).toBe(0);
    for (const id of ["fontenoy-redoubt", "antietam-bridge", "random"]) expect(r.stdout).toContain(id);
    expect(r.stdout).toContain("11 scenarios of Horse and Musket Wargame Rules (NT-inspired, 003).");
  });

  it("shows a scenario in words (the Attacker, forces, terrain, victory) and as its data in inches", () => {
    const r = scenarioShow("antietam-bridge", { system: SYSTEM });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("are the Attacker (player A)");
    expect(r.stdout).toContain("The scenario imposes: acw on.");
    expect(r.stdout).toContain("Victory:");
    const json = scenarioShow("random", { system: SYSTEM, json: true, option: ["tableSeed=3", "units=4"] });
    const data = JSON.parse(json.stdout) as { name: string; forces: { first: unknown[] } };
    expect(data.name).toBe("Random table 3 (4 a side)");
    expect(data.forces.first).toHaveLength(4);
  });
});

describe("tercio --system horse-and-musket-nt: a move from the command line", () => {
  it("rolls a unit's move, checks programs against it corner by corner, and applies one", () => {
    const { io } = opened();
    const rolled = applyCommand(
      "p.json",
      ['{"type":"roll-move","unit":"A-Cav"}'],
      { system: SYSTEM, out: "r.json", dice: "3" },
      io,
    );
    expect(rolled.exitCode, rolled.stderr).toBe(0);
    // Rolled 3: Cavalry move 1Dx + 6" Bonus = 9" straight ahead (003 1.2 Move iii).
    const ok = checkMoveCommand(
      "r.json",
      "A-Cav",
      JSON.stringify([{ op: "advance", ticks: 9 * IN }]),
      { system: SYSTEM },
      io,
    );
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('the longest 9" of 9"');
    expect(ok.stdout).toContain("legal: the whole program");
    // A wheel loses the Bonus: 3", doubled to 6" more than 12" from every enemy; 90º on a 4" × 2" base
    // swings the far rear corner √20 · π/2 = 7.02".
    const wheel = checkMoveCommand(
      "r.json",
      "A-Cav",
      JSON.stringify([{ op: "wheel", corner: "left", cdeg: 9000 }]),
      { system: SYSTEM },
      io,
    );
    expect(wheel.exitCode).toBe(2);
    expect(wheel.stdout).toContain(
      '003 1.2 Move: no corner may exceed the total distance allowed: a corner of A-Cav would travel 7.02" of 6.00"',
    );
    const moved = applyCommand(
      "r.json",
      [JSON.stringify({ type: "move", unit: "A-Cav", program: [{ op: "advance", ticks: 9 * IN }] })],
      { system: SYSTEM, out: "m.json" },
      io,
    );
    expect(moved.exitCode, moved.stderr).toBe(0);
    const after = io.json("m.json") as Position;
    expect(after.units["A-Cav"]?.y).toBe(13 * IN);
    const legal = legalCommand("p.json", { system: SYSTEM }, io);
    expect(legal.stdout).toContain("roll the move (1Dx)");
  });

  it("refuses a move before its roll, citing the rule", () => {
    const { io } = opened();
    const r = applyCommand(
      "p.json",
      [JSON.stringify({ type: "move", unit: "A-Cav", program: [{ op: "advance", ticks: IN }] })],
      { system: SYSTEM },
      io,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("003 1.2 Move: roll A-Cav's move first");
  });
});

describe("tercio --system horse-and-musket-nt: render and play", () => {
  it("draws the table with threat zones, protected flanks and range rings", () => {
    const { io } = opened();
    const r = renderCommand(
      "p.json",
      { system: SYSTEM, threats: "F-Gds", protected: true, ranges: "F-Art", out: "t.svg" },
      io,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const svg = io.readText("t.svg");
    expect(svg).toContain('data-threat="F-Gds"');
    expect(svg).not.toContain('data-threat="F-Eu"');
    expect(svg).toContain('data-range="F-Art:point-blank"');
    expect(svg).toContain('data-unit="A-Cav"');
    expect(renderCommand("p.json", { system: SYSTEM, arcs: true }, io).stderr).toContain(
      "--arcs is chapter 11's",
    );
  });

  it("plays a whole game between two AI levels to its result", () => {
    const r = playCommand(
      "minden-heath",
      { system: SYSTEM, seed: "2", first: "random", second: "random" },
      new MemoryIo(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("Turns played: 10 of 10");
    expect(r.stdout).toContain("Units left:");
  });
});
