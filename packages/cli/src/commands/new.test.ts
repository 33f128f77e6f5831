import { defaultCatalog, parsePosition } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { newCommand } from "./new.js";

const catalog = defaultCatalog();
const ids = catalog.scenarios.scenarios.map((s) => s.id);

describe("tercio new", () => {
  it.each(ids)("[16.0] %s: the opening position parses", (id) => {
    const r = newCommand(id, { seed: "7" });
    expect(r.exitCode, r.stderr).toBe(0);
    const parsed = parsePosition(catalog, JSON.parse(r.stdout));
    expect(parsed.ok, parsed.ok ? "" : parsed.error.message).toBe(true);
  });

  it.each(ids)("[16.0] %s: --deploy auto deploys both sides and reaches Game-Turn 1", (id) => {
    const r = newCommand(id, { seed: "7", deploy: "auto" });
    expect(r.exitCode, r.stderr).toBe(0);
    const parsed = parsePosition(catalog, JSON.parse(r.stdout));
    expect(parsed.ok, parsed.ok ? "" : parsed.error.message).toBe(true);
    if (!parsed.ok) return;
    const { position } = parsed.value;
    expect(position.phase).not.toBe("deployment");
    expect(position.gameTurn).toBe(1);
    expect(Object.values(position.offMap)).not.toContain("undeployed");
    expect(Object.keys(position.stacks).length).toBeGreaterThan(0);
  });

  it("writes the position with --out and says so", () => {
    const io = new MemoryIo();
    const r = newCommand("lutzen", { seed: "1", deploy: "auto", out: "pos.json" }, io);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/Game-Turn 1 of 15 — Swedish — Fire Combat Phase; wrote pos\.json/);
    expect(io.json("pos.json")).toMatchObject({ scenario: "16.24", phase: "fire" });
  });

  it("[11.0] adds the chosen optional rules to those the scenario requires", () => {
    const r = newCommand("16.24", { seed: "1", optional: "road-movement" });
    const position = JSON.parse(r.stdout) as { options: { optionalRules: string[] } };
    expect(position.options.optionalRules).toEqual(["caracolla", "road-movement"]);
  });

  it("refuses bad seeds, optional rules and deploy modes with exit 1", () => {
    expect(newCommand("16.11", { seed: "-3" }).stderr).toMatch(/--seed must be a whole number/);
    expect(newCommand("16.11", { seed: "4294967296" }).exitCode).toBe(1);
    const bad = newCommand("16.11", { seed: "1", optional: "caracolla,flying-pigs" });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/unknown optional rule "flying-pigs"; choose from caracolla/);
    expect(newCommand("16.11", { seed: "1", deploy: "manual" }).exitCode).toBe(1);
    expect(newCommand("16.99", { seed: "1" }).stderr).toMatch(/no scenario "16.99"/);
  });
});
