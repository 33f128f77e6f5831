import { DEFAULT_RULES_JSON } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { rulesExport, rulesShow, rulesValidate } from "./rules.js";
import { scenarioList } from "./scenario.js";

const exported = () => JSON.parse(rulesExport().stdout) as Record<string, unknown>;

describe("tercio rules", () => {
  it("exports the built-in rules data as pretty JSON", () => {
    const r = rulesExport();
    expect(r.stdout).toContain('\n  "unitTypes": {');
    expect(JSON.parse(r.stdout)).toEqual(DEFAULT_RULES_JSON);
  });

  it("validates the exported data: OK with version and hash", () => {
    const io = new MemoryIo({ "rules.json": rulesExport().stdout });
    const r = rulesValidate("rules.json", io);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^OK: rules data ".+" \(hash [0-9a-f]{16}\)/);
  });

  it("[3.34] names each bad field of a malformed rules file, exit 1", () => {
    const data = exported() as { unitTypes: Record<string, Record<string, unknown>> };
    const pm = data.unitTypes.PM;
    if (pm) pm.movement = "four";
    const io = new MemoryIo({ "rules.json": JSON.stringify(data) });
    const r = rulesValidate("rules.json", io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("unitTypes.PM.movement");
    expect(r.stdout).toBe("");
  });

  it("[7.4] reports the consistency checks: a range chart cell beyond the Range Allowance", () => {
    const data = exported() as { unitTypes: Record<string, Record<string, unknown>> };
    const mm = data.unitTypes.MM;
    if (mm) mm.range = 2;
    const io = new MemoryIo({ "rules.json": JSON.stringify(data) });
    const r = rulesValidate("rules.json", io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("rangeChart.rows.MM.strengths[1]");
  });

  it("uses a valid --rules file in every command", () => {
    const data = exported() as { version: string };
    data.version = "my printed copy";
    const io = new MemoryIo({ "mine.json": JSON.stringify(data) });
    expect(rulesShow({ rules: "mine.json" }, io).stdout).toContain('Rules data "my printed copy"');
    expect(scenarioList({ rules: "mine.json" }, io).exitCode).toBe(0);
  });

  it("shows the charts as tables, reconstructed values marked with * and a footnote", () => {
    const r = rulesShow({});
    expect(r.exitCode).toBe(0);
    for (const heading of [
      "Unit types (3.3)",
      "Terrain Effects Chart (9.0)",
      "Range Effects Chart (7.4)",
      "Melee Combat Results Table (8.0)",
      "Fire Combat Results Table (8.0)",
    ])
      expect(r.stdout).toContain(heading);
    expect(r.stdout).toMatch(/^EA\s+Emplaced Artillery\*/m);
    expect(r.stdout).toMatch(/^MA\s+Medium Artillery\s+artillery\s+\(1\)\s+18\s+8\s+5$/m);
    expect(r.stdout).toContain("* reconstructed by Tercio");
  });

  it("[7.3] shows the hilltop-to-hilltop reading, the errata's by default, a player's file's own choice", () => {
    expect(rulesShow({}).stdout).toContain(
      "Hilltop to hilltop: woods, villages and hilltops between block (errata to 7.3).",
    );
    const data = exported();
    data.lineOfSight = { hilltopToHilltop: "always-clear" };
    const io = new MemoryIo({ "mine.json": JSON.stringify(data) });
    expect(rulesValidate("mine.json", io).exitCode).toBe(0);
    expect(rulesShow({ rules: "mine.json" }, io).stdout).toContain("Hilltop to hilltop: always clear");
    data.lineOfSight = { hilltopToHilltop: "sometimes" };
    const bad = new MemoryIo({ "bad.json": JSON.stringify(data) });
    const r = rulesValidate("bad.json", bad);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("lineOfSight.hilltopToHilltop");
  });
});
