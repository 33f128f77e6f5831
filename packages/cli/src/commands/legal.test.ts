import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { legalCommand } from "./legal.js";
import { newCommand } from "./new.js";

function positions(): MemoryIo {
  const io = new MemoryIo();
  newCommand("lutzen", { seed: "1", deploy: "auto", out: "fire.json" }, io);
  applyCommand("fire.json", ['{"type":"end-phase"}'], { out: "move.json" }, io);
  newCommand("lutzen", { seed: "1", out: "deploy.json" }, io);
  return io;
}

describe("tercio legal", () => {
  it("[5.1] --unit lists each reachable hex with its MP cost and path", () => {
    const io = positions();
    const r = legalCommand("move.json", { unit: "B-PP01" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/B-PP01 \(Professional Pikemen\) in \d{4}.*Movement Allowance 3 MP/);
    expect(r.stdout).toMatch(/\d+ reachable hexes/);
    expect(r.stdout).toMatch(/^\d{4}\s+1\s+\d{4}$/m);
  });

  it("[5.1] --unit --json gives the engine's destinations", () => {
    const io = positions();
    const r = legalCommand("move.json", { unit: "B-PP01", json: true }, io);
    const moves = JSON.parse(r.stdout) as { unit: string; destinations: { hex: string; cost: number }[] };
    expect(moves.unit).toBe("B-PP01");
    expect(moves.destinations.length).toBeGreaterThan(5);
    for (const d of moves.destinations) expect(d.cost).toBeLessThanOrEqual(3);
  });

  it("[5.2D] a unit of the non-Phasing Player cannot move: the rule is cited, exit 2", () => {
    const io = positions();
    const r = legalCommand("move.json", { unit: "G-PP01" }, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/5\.2\(D\)/);
  });

  it("[4.2] units move only in the Movement Phase", () => {
    const io = positions();
    const r = legalCommand("fire.json", { unit: "B-PP01" }, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/4\.2: units move only in a Movement Phase/);
  });

  it("[16.0] summarises the deployment actions by type", () => {
    const io = positions();
    const r = legalCommand("deploy.json", {}, io);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/\d+ legal actions: deploy \d+/);
    expect(r.stdout).toContain("Deploy (units: hexes):");
  });

  it("summarises the moves in a Movement Phase, and gives every action with --json", () => {
    const io = positions();
    const text = legalCommand("move.json", {}, io);
    expect(text.stdout).toMatch(/legal actions: move \d+, reorder \d+, end-phase 1/);
    expect(text.stdout).toMatch(/B-PP01 from \d{4}/);
    const json = JSON.parse(legalCommand("move.json", { json: true }, io).stdout) as { type: string }[];
    expect(json.some((a) => a.type === "end-phase")).toBe(true);
  });

  it("reads the position from standard input with -", () => {
    const io = positions();
    io.stdin = io.readText("move.json");
    expect(legalCommand("-", { unit: "B-PP01" }, io).exitCode).toBe(0);
  });
});
