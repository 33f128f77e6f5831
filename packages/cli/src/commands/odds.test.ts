import { defaultCatalog, TERRAINS } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { oddsCommand } from "./odds.js";

const catalog = defaultCatalog();

/** Three clear hexes in a column of the default map (N to S), for a small fire fight. */
function clearColumn(): [string, string, string] {
  const { grid, terrain } = catalog.map;
  const clear = TERRAINS.indexOf("clear");
  for (let i = 0; i + 2 < grid.size; i++) {
    const ids = [i, i + 1, i + 2].map((h) => grid.ids[h] ?? "");
    if (ids.some((id, k) => id.slice(0, 2) !== ids[0]?.slice(0, 2) || terrain[i + k] !== clear)) continue;
    if ([i, i + 1, i + 2].some((h) => (catalog.map.roadMask[h] ?? 0) !== 0)) continue;
    return ids as [string, string, string];
  }
  throw new Error("no clear column");
}

function fireFight(io: MemoryIo): { firer: string; target: string } {
  const [firer, , target] = clearColumn();
  io.writeText(
    "fire.json",
    JSON.stringify({
      format: "tercio/position@1",
      scenario: "16.32",
      phasing: "first",
      phase: "fire",
      units: {
        "B-PM01": { side: "first", type: "PM", force: "main" },
        "G-PP01": { side: "second", type: "PP", force: "main" },
      },
      stacks: { [firer]: ["B-PM01"], [target]: ["G-PP01"] },
    }),
  );
  return { firer, target };
}

describe("tercio odds", () => {
  it("[7.2] [8.1] previews a fire attack: strength by range, Fire Protection Strength, column and chances", () => {
    const io = new MemoryIo();
    const { target } = fireFight(io);
    const r = oddsCommand("fire.json", target, { units: "B-PM01" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Fire attack on ${target}`);
    expect(r.stdout).toContain("Fire Protection Strength 3");
    // PM 8 at 2 hexes against clear ground 3: 2-1; fire 2-1 gives nothing on a 1, D on 2-5, E1 on a 6.
    expect(r.stdout).toContain("8 to 3: 2-1");
    expect(r.stdout).toContain("no effect 1/6 (16.7%), D 4/6 (66.7%), E1 1/6 (16.7%), E2 0/6 (0.0%)");
    const json = oddsCommand("fire.json", target, { units: "B-PM01", json: true }, io);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ kind: "fire", attack: 8, defence: 3, odds: "2-1" });
  });

  it("[7.1C] an attack the rules forbid is refused with its rule", () => {
    const io = new MemoryIo();
    const { firer } = fireFight(io);
    const r = oddsCommand("fire.json", firer, { units: "B-PM01" }, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("7.0: hex");
  });
});

describe("tercio apply --dice", () => {
  it("[8.0] die results given on the command line are used in order instead of the PRNG", () => {
    const io = new MemoryIo();
    const { target } = fireFight(io);
    const allocate = `{"type":"fire","unit":"B-PM01","target":"${target}"}`;
    const resolve = `{"type":"resolve","target":"${target}"}`;
    const r = applyCommand("fire.json", [allocate, resolve], { dice: "1", out: "after.json" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("die (given): 1");
    expect(r.stdout).toContain("2-1, die 1: no effect [8.12]");
    const six = applyCommand("fire.json", [allocate, resolve], { dice: "6", out: "after.json" }, io);
    expect(six.stdout).toContain("die (given): 6");
    expect(six.stdout).toContain("2-1, die 6: E1 [8.12]");
    expect(six.stdout).toContain("G-PP01 in");
  });

  it("[8.0] too few, too many or impossible dice are refused and nothing is written", () => {
    const io = new MemoryIo();
    const { target } = fireFight(io);
    const actions = [
      `{"type":"fire","unit":"B-PM01","target":"${target}"}`,
      `{"type":"resolve","target":"${target}"}`,
    ];
    const none = applyCommand("fire.json", actions, { dice: "", out: "x.json" }, io);
    expect(none.exitCode).toBe(1);
    const many = applyCommand("fire.json", actions, { dice: "3,4", out: "x.json" }, io);
    expect(many.exitCode).toBe(1);
    expect(many.stderr).toContain("4 left over");
    const seven = applyCommand("fire.json", actions, { dice: "7", out: "x.json" }, io);
    expect(seven.exitCode).toBe(1);
    expect(seven.stderr).toContain("die faces 1 to 6");
    expect(() => io.readText("x.json")).toThrow();
  });
});
