import type { Position } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { applyCommand } from "./apply.js";
import { legalCommand } from "./legal.js";
import { newCommand } from "./new.js";
import { rulesExport, rulesShow, rulesValidate } from "./rules.js";
import { scenarioList } from "./scenario.js";

const SYSTEM = "plucky-pikes";

describe("tercio --system plucky-pikes", () => {
  it("lists the designed scenarios and the random table", () => {
    const r = scenarioList({ system: SYSTEM });
    expect(r.exitCode, r.stderr).toBe(0);
    for (const id of ["cerignola-trenches", "random"]) expect(r.stdout).toContain(id);
  });

  it("opens a game, offers the initiative roll, and plays it from the shell", () => {
    const io = new MemoryIo();
    expect(newCommand("cerignola-trenches", { system: SYSTEM, seed: "1", out: "p.json" }, io).exitCode).toBe(
      0,
    );
    const p = io.json("p.json") as Position;
    expect(p.part).toBe("initiative");
    const legal = legalCommand("p.json", { system: SYSTEM }, io);
    expect(legal.stdout).toContain("1 legal action: initiative 1");
    const applied = applyCommand("p.json", ['{"type":"initiative"}'], { system: SYSTEM, out: "q.json" }, io);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).toContain("on d%");
    expect((io.json("q.json") as Position).part).toBe("move-1");
    const refused = applyCommand("q.json", ['{"type":"initiative"}'], { system: SYSTEM }, io);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain("001 The Game Turn: initiative is rolled as a turn begins");
  });

  it("exports its rules data, validates a player's own file, and says where each value comes from", () => {
    const exported = rulesExport({ system: SYSTEM });
    expect(exported.exitCode).toBe(0);
    const data = JSON.parse(exported.stdout) as { classes: { guard: { d10: number } } };
    const io = new MemoryIo();
    data.classes.guard.d10 = 3;
    io.writeText("mine.json", JSON.stringify(data));
    const ok = rulesValidate("mine.json", io, { system: SYSTEM });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/reconstructed \(the Combat Cards\)/);
    io.writeText("bad.json", JSON.stringify({ ...data, classes: { ...data.classes, guard: { d10: "x" } } }));
    const bad = rulesValidate("bad.json", io, { system: SYSTEM });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain("classes.guard");
    const shown = rulesShow({ system: SYSTEM });
    expect(shown.stdout).toContain("armyMorale");
    expect(shown.stdout).toContain("P-1 Army Morale (Part 4)");
  });
});
