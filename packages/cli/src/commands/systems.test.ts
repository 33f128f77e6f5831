import { makeSave, seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { RACE_ENTRY, raceSystem } from "../test-support/race.js";
import { applyCommand } from "./apply.js";
import { arenaCommand } from "./arena.js";
import { legalCommand } from "./legal.js";
import { newCommand } from "./new.js";
import { oddsCommand } from "./odds.js";
import { playCommand } from "./play.js";
import { renderCommand } from "./render.js";
import { replayCommand } from "./replay.js";
import { rulesShow } from "./rules.js";
import { scenarioList, scenarioShow } from "./scenario.js";
import { systemsCommand } from "./systems.js";

/** A shell that has the race besides the registry's systems. */
const raceIo = (files: Record<string, string> = {}) => new MemoryIo(files, "", [RACE_ENTRY]);
const race = { system: "race" } as const;

describe("tercio systems", () => {
  it("lists the registry's systems, Musket & Pike the default, with their AI levels", () => {
    const r = systemsCommand({});
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^musket-and-pike \(default\)\s+Musket & Pike.*random, greedy, strong$/m);
    const rows = JSON.parse(systemsCommand({ json: true }).stdout) as { id: string }[];
    expect(rows[0]).toMatchObject({
      id: "musket-and-pike",
      default: true,
      aiLevels: ["random", "greedy", "strong"],
    });
  });

  it("lists a system without AI levels as such", () => {
    expect(systemsCommand({}, raceIo()).stdout).toMatch(/^race\s+Race to the target\s+.*none$/m);
  });
});

describe("--system", () => {
  it("refuses an unknown system, naming the systems there are", () => {
    for (const r of [
      scenarioList({ system: "chess" }),
      newCommand("16.31", { system: "chess", seed: "1" }),
      playCommand("16.31", { system: "chess", seed: "1" }),
      rulesShow({ system: "chess" }),
    ]) {
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toBe(
        'tercio: --system: no rule system "chess"; the systems are musket-and-pike, horse-and-musket-ch11 (see: tercio systems)\n',
      );
    }
  });

  it("names Musket & Pike as the default: the same output with and without it", () => {
    expect(scenarioList({ system: "musket-and-pike" }).stdout).toBe(scenarioList({}).stdout);
    expect(newCommand("16.31", { system: "musket-and-pike", seed: "3" }).stdout).toBe(
      newCommand("16.31", { seed: "3" }).stdout,
    );
  });

  it("lists another system's scenarios from its RuleSystem", () => {
    const r = scenarioList(race, raceIo());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^sprint\s+Sprint\s+first to 10$/m);
    expect(JSON.parse(scenarioList({ ...race, json: true }, raceIo()).stdout)).toEqual([
      { id: "sprint", name: "Sprint", summary: "first to 10" },
    ]);
  });

  it("opens, lists, applies and refuses another system's actions through its RuleSystem", () => {
    const io = raceIo();
    const opened = newCommand("sprint", { ...race, seed: "1", out: "pos.json" }, io);
    expect(opened.exitCode, opened.stderr).toBe(0);
    expect(opened.stdout).toBe("sprint Sprint: 0 to 0, first to step; wrote pos.json\n");
    expect(io.json("pos.json")).toMatchObject({ format: "race@1", counts: [0, 0], next: "first" });

    const legal = legalCommand("pos.json", race, io);
    expect(legal.exitCode, legal.stderr).toBe(0);
    expect(legal.stdout).toContain("sprint Sprint — 0 to 0, first to step (Hare to act)");
    expect(legal.stdout).toContain("4 legal actions: step 3, roll 1");
    expect(legal.stdout).toContain('  {"type":"step","by":2}');

    const moved = applyCommand("pos.json", ['{"type":"step","by":3}'], { ...race, out: "next.json" }, io);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stdout).toBe("+3\nnow: 3 to 0, second to step\nwrote next.json\n");

    const rolled = applyCommand("next.json", ['{"type":"roll"}'], { ...race, dice: "5", json: true }, io);
    expect(rolled.exitCode, rolled.stderr).toBe(0);
    expect(JSON.parse(rolled.stdout)).toMatchObject({
      position: { counts: [3, 3] },
      events: ["rolled 5: +3"],
    });

    const illegal = applyCommand("next.json", ['{"type":"step","by":4}'], race, io);
    expect(illegal.exitCode).toBe(2);
    expect(illegal.stderr).toBe("tercio: R2: a step is 1, 2 or 3\n");
    const malformed = applyCommand("next.json", ['{"type":"jump"}'], race, io);
    expect(malformed.exitCode).toBe(1);
    expect(malformed.stderr).toMatch(/is not a valid action of race:\n\s+type:/);
    expect(applyCommand("next.json", ['{"type":"roll"}'], { ...race, dice: "7" }, io).stderr).toMatch(
      /--dice takes die faces 1 to 6/,
    );
    // A Musket & Pike position is not a race position.
    const mp = new MemoryIo({}, "", [RACE_ENTRY]);
    newCommand("16.31", { seed: "1", out: "mp.json" }, mp);
    expect(legalCommand("mp.json", race, mp).stderr).toMatch(/mp\.json: invalid position/);
  });

  it("reads another system's rules data with --rules", () => {
    const io = raceIo({ "short.json": JSON.stringify({ target: 4 }), "bad.json": "{}" });
    expect(scenarioList({ ...race, rules: "short.json" }, io).stdout).toContain("first to 4");
    const bad = scenarioList({ ...race, rules: "bad.json" }, io);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/bad\.json: invalid rules data:\n\s+target:/);
  });

  it("refuses Musket & Pike's own commands and flags for another system, saying so", () => {
    const io = raceIo();
    newCommand("sprint", { ...race, seed: "1", out: "pos.json" }, io);
    const cases = [
      [
        renderCommand("map", { ...race, out: "-" }, io),
        /^tercio: render: musket-and-pike only for now; race/,
      ],
      [oddsCommand("pos.json", undefined, race, io), /^tercio: odds: musket-and-pike only for now/],
      [scenarioShow("sprint", race, io), /^tercio: scenario show: musket-and-pike only for now/],
      [legalCommand("pos.json", { ...race, unit: "x" }, io), /^tercio: legal --unit: musket-and-pike only/],
      [
        newCommand("sprint", { ...race, seed: "1", deploy: "auto" }, io),
        /new --deploy auto: musket-and-pike/,
      ],
      [newCommand("sprint", { ...race, seed: "1", optional: "caracolla" }, io), /--optional names Musket/],
    ] as const;
    for (const [r, message] of cases) {
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it("refuses to play a system that has no AI levels", async () => {
    const io = raceIo();
    const play = playCommand("sprint", { ...race, seed: "1" }, io);
    expect(play.exitCode).toBe(1);
    expect(play.stderr).toBe("tercio: race has no AI levels yet: no game can be played by the AI\n");
    const arena = await arenaCommand("random", "random", { ...race, progress: false }, io);
    expect(arena.exitCode).toBe(1);
    expect(arena.stderr).toContain("race has no AI levels yet");
  });
});

describe("tercio replay, for any system", () => {
  /** A race of four actions, saved as core saves it. */
  function raceSave() {
    const system = raceSystem();
    const setup = { scenario: "sprint", options: {} };
    const opened = system.open({ target: 10 }, setup, seedPrng(0));
    if (!opened.ok) throw new Error("no opening");
    let position = opened.value.position;
    const actions = [
      { type: "step", by: 3 },
      { type: "step", by: 2 },
      { type: "step", by: 3 },
      { type: "step", by: 1 },
    ] as const;
    for (const a of actions) {
      const next = system.apply({ target: 10 }, position, a);
      if (!next.ok) throw new Error(next.error.message);
      position = next.value.position;
    }
    return makeSave(system, { setup, seed: 0, actions, final: position });
  }

  it("replays a save with the system it names", () => {
    const io = raceIo({ "race.json": JSON.stringify(raceSave()) });
    const r = replayCommand("race.json", {}, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("Scenario: sprint Sprint");
    expect(r.stdout).toContain("Seed: 0; options: none");
    expect(r.stdout).toContain("Reached: 6 to 3, first to step (Hare to act)");
    expect(r.stdout).toContain("hash verified");
    expect(JSON.parse(replayCommand("race.json", { json: true }, io).stdout)).toMatchObject({
      system: "race",
      scenario: "sprint",
      toAct: "first",
      verified: true,
    });
  });

  it("refuses a save of another system than --system, and of a system this tercio does not have", () => {
    const io = raceIo({ "race.json": JSON.stringify(raceSave()) });
    const other = replayCommand("race.json", { system: "musket-and-pike" }, io);
    expect(other.exitCode).toBe(1);
    expect(other.stderr).toMatch(
      /^tercio: race\.json: a game of race, not of musket-and-pike \(Musket & Pike/,
    );
    const missing = replayCommand("race.json", {}, new MemoryIo({ "race.json": JSON.stringify(raceSave()) }));
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe(
      "tercio: race.json: a game of race, a rule system this tercio does not have (the systems are musket-and-pike, horse-and-musket-ch11)\n",
    );
  });

  it("refuses a save of another version of the system", () => {
    const io = raceIo({ "race.json": JSON.stringify({ ...raceSave(), engine: "2" }) });
    const r = replayCommand("race.json", {}, io);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /saved by race 2; this is race 1, which could replay it differently, so it is refused/,
    );
  });
});
