import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { scenarioList, scenarioShow } from "./scenario.js";

describe("tercio scenario list", () => {
  it("[16.0] lists the 18 scenarios in a table", () => {
    const r = scenarioList({});
    expect(r.exitCode).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => /^16\.\d\d /.test(l));
    expect(rows).toHaveLength(18);
    expect(r.stdout).toContain("Lutzen");
    expect(r.stdout).toContain("Swedish vs Imperialists");
    expect(r.stdout).toContain("favors Imperialists moderately");
  });

  it("prints an array of objects with --json", () => {
    const r = scenarioList({ json: true });
    const list = JSON.parse(r.stdout) as { id: string; firstPlayer: string; complexity: number }[];
    expect(list).toHaveLength(18);
    expect(list.find((s) => s.id === "16.13")).toMatchObject({
      name: "Nieuport",
      firstPlayer: "Spanish",
      secondPlayer: "Dutch",
      complexity: 7,
      gameLength: 15,
    });
  });

  it("refuses a malformed --rules file, naming the field", () => {
    const io = new MemoryIo({ "bad.json": JSON.stringify({ format: "tercio/rules-data@1" }) });
    const r = scenarioList({ rules: "bad.json" }, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("unitTypes");
    expect(r.stdout).toBe("");
  });
});

describe("tercio scenario show", () => {
  it("[16.24] describes Lutzen by slug: forces, deployment in words, errata, special rules", () => {
    const r = scenarioShow("lutzen", {});
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("16.24 Lutzen");
    expect(r.stdout).toContain("First Player: Swedish");
    expect(r.stdout).toMatch(/Force \(a\): 4 PP, 6 PM, 1 MA — 11 units/);
    expect(r.stdout).toContain("Deploys within 3 hexes of hex 14");
    expect(r.stdout).toContain("within 3 hexes of the road from hex 12 to hex 15");
    expect(r.stdout).toContain("Enters on the east edge on Game-Turn 1");
    expect(r.stdout).toContain("Optional rules required: caracolla");
    expect(r.stdout).toContain("Errata of 30 April 1973 applied");
    expect(r.stdout).toContain("Historical note");
  });

  it("[16.13] finds Nieuport by rule number and explains the fleet", () => {
    const r = scenarioShow("16.13", {});
    expect(r.stdout).toContain("Nieuport");
    expect(r.stdout).toContain("North Sea");
    expect(r.stdout).toContain("[fleet]");
  });

  it("prints the data with --json", () => {
    const r = scenarioShow("16.51", { json: true });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: "16.51", slug: "killiecrankie" });
  });

  it("fails with exit 1 on an unknown scenario", () => {
    const r = scenarioShow("waterloo", {});
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/no scenario "waterloo"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
