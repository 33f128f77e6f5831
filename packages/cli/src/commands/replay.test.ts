import { readFileSync } from "node:fs";
import {
  type Action,
  applyAll,
  autoDeploy,
  defaultCatalog,
  ENGINE_VERSION,
  gameContext,
  makeSavedGame,
  newGame,
  positionHash,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { replayCommand } from "./replay.js";

const FIXTURES = "../../../systems/musket-and-pike/src/test-support/fixtures";

/** A short game of Brentford: both sides deploy, then the First Player ends two phases. */
function savedGame() {
  const catalog = defaultCatalog();
  const ctx = gameContext(catalog, "16.31");
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed: 42 });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  while (position.phase === "deployment") {
    const batch: Action[] = [...autoDeploy(ctx.value, position), { type: "end-phase" }];
    const step = applyAll(ctx.value, position, batch);
    if (!step.ok) throw new Error(step.error.message);
    actions.push(...batch);
    position = step.value.position;
  }
  const more: Action[] = [{ type: "end-phase" }, { type: "end-phase" }];
  const step = applyAll(ctx.value, position, more);
  if (!step.ok) throw new Error(step.error.message);
  actions.push(...more);
  return {
    save: makeSavedGame(ctx.value, { seed: 42, optionalRules: [] }, actions, step.value.position),
    final: step.value.position,
  };
}

describe("tercio replay", () => {
  it("replays a saved game and verifies its final hash", () => {
    const { save, final } = savedGame();
    const io = new MemoryIo({ "save.json": JSON.stringify(save) });
    const r = replayCommand("save.json", { out: "final.json" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("Scenario: 16.31 Brentford");
    expect(r.stdout).toContain(`Actions: ${save.actions.length}`);
    expect(r.stdout).toContain("Game-Turn 1 of 10 — Parliamentarians — Melee Combat Phase");
    expect(r.stdout).toContain(`Final hash: ${positionHash(final)}`);
    expect(r.stdout).toContain("hash verified");
    expect((io.json("final.json") as { hash: string }).hash).toBe(positionHash(final));
  });

  it("gives a JSON summary with --json", () => {
    const { save } = savedGame();
    const io = new MemoryIo({ "save.json": JSON.stringify(save) });
    const summary = JSON.parse(replayCommand("save.json", { json: true }, io).stdout) as Record<
      string,
      unknown
    >;
    expect(summary).toMatchObject({
      scenario: "16.31",
      phase: "melee",
      verified: true,
      hash: save.finalHash,
    });
  });

  it("fails with exit 2 when the save was tampered with: the hash does not match", () => {
    const { save } = savedGame();
    const io = new MemoryIo({ "save.json": JSON.stringify({ ...save, actions: save.actions.slice(0, -1) }) });
    const r = replayCommand("save.json", {}, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/replay ends at [0-9a-f]{16}, the save recorded/);
  });

  it("[16.0] fails with exit 2 on an illegal action, citing the rule", () => {
    const { save } = savedGame();
    const actions = [{ type: "end-phase" }, ...save.actions];
    const io = new MemoryIo({ "save.json": JSON.stringify({ ...save, actions }) });
    const r = replayCommand("save.json", {}, io);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/action 1 is illegal: 16\.0/);
  });

  it("refuses a malformed save with exit 1, naming the field", () => {
    const io = new MemoryIo({ "save.json": JSON.stringify({ format: "tercio/save@1", seed: "x" }) });
    const r = replayCommand("save.json", {}, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/invalid saved game:[\s\S]*seed/);
  });

  it("[4.1] [7.3] refuses the saves of engine 0.2.0 (no system named: Musket & Pike's), naming both engines", () => {
    // Engine 0.4.0 reads hilltop-to-hilltop line of sight by the errata: an old game may hold a fire it refuses.
    for (const name of ["save-0.2.0-local.json", "save-0.2.0-online.json"]) {
      const text = readFileSync(new URL(`${FIXTURES}/${name}`, import.meta.url), "utf8");
      const old = JSON.parse(text) as { system?: string; finalHash: string };
      expect(old.system).toBeUndefined();
      const io = new MemoryIo({ "old.json": text });
      const r = replayCommand("old.json", { json: true }, io);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).toContain(`saved by musket-and-pike 0.2.0; this is musket-and-pike ${ENGINE_VERSION}`);
    }
  });

  it("refuses a Musket & Pike save under other rules data, naming both", () => {
    const { save } = savedGame();
    const io = new MemoryIo({
      "save.json": JSON.stringify({ ...save, rules: { version: "other", hash: "0123456789abcdef" } }),
    });
    const r = replayCommand("save.json", {}, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/saved with rules data "other" \(0123456789abcdef\); loaded rules data is/);
  });
});
