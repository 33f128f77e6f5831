import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import type { GameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { newGame } from "./new-game.js";
import { endGame, endPhase as endPhase_, endPhaseError } from "./sequence.js";
import type { Position } from "./state/position.js";
import { attack, endPhase, eventsOf, field, fire, playWithDice, resolve } from "./test-support/combat.js";
import { ctxFor, deployed, expectRefused, play, setup, testMapCatalog } from "./test-support/setup.js";

const endPhaseOf = (ctx: GameContext, position: Position) => apply(ctx, position, endPhase);

const end = { type: "end-phase" } as const;

describe("the Sequence of Play", () => {
  it("[4.2] each Player-Turn is a Fire Combat, a Movement and a Melee Combat Phase, first player then second", () => {
    const { ctx, position } = deployed("16.31");
    expect([position.gameTurn, position.phasing, position.phase]).toEqual([1, "first", "fire"]);
    const seen: string[] = [];
    let p = position;
    for (let i = 0; i < 6; i++) {
      seen.push(`${p.gameTurn}:${p.phasing}:${p.phase}`);
      p = play(ctx, p, end).position;
    }
    expect(seen).toEqual([
      "1:first:fire",
      "1:first:movement",
      "1:first:melee",
      "1:second:fire",
      "1:second:movement",
      "1:second:melee",
    ]);
    expect([p.gameTurn, p.phasing, p.phase]).toEqual([2, "first", "fire"]);
  });

  it("[4.1] the Turn Record advances after the Second Player-Turn and the game ends after the scenario's length", () => {
    const { ctx, position } = deployed("16.31");
    let p = position;
    const recorded: number[] = [];
    let guard = 0;
    while (p.phase !== "game-over" && guard++ < 1000) {
      const step = play(ctx, p, end);
      for (const e of step.events) if (e.type === "game-turn-recorded") recorded.push(e.gameTurn);
      p = step.position;
    }
    expect(recorded).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p.gameTurn).toBe(ctx.scenario.gameLength);
    expectRefused(apply(ctx, p, end), "4.1", "sequence/game-over");
  });

  it("[4.2] the First Player is designated by the scenario: the Jacobites at Killiecrankie (errata)", () => {
    const ctx = ctxFor("16.51");
    const opened = newGame(ctx, { seed: 3 });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.position.phasing).toBe("first");
    expect(ctx.scenario.players[0].name).toBe("Jacobites");
  });

  it("[5.2D] no unit of the non-Phasing Player moves", () => {
    const { ctx, position } = deployed("16.31");
    const p = play(ctx, position, end).position;
    const enemy = Object.keys(p.units).find(
      (id) => p.units[id]?.side === "second" && p.offMap[id] === undefined,
    );
    expect(enemy).toBeDefined();
    const hex = Object.entries(p.stacks).find(([, ids]) => ids.includes(enemy ?? ""))?.[0] ?? "";
    expectRefused(apply(ctx, p, { type: "move", unit: enemy ?? "", steps: [hex] }), "5.2D");
  });

  it("[5.2E] no unit moves outside its Movement Phase", () => {
    const { ctx, position } = deployed("16.31");
    const id = Object.keys(position.units).find((u) => position.units[u]?.side === "first") ?? "";
    expectRefused(
      apply(ctx, position, { type: "move", unit: id, steps: ["0101"] }),
      "4.2",
      "move/wrong-phase",
    );
  });
});

describe("the Sequence of Play: what each step records and refuses", () => {
  it("[4.2] the end of each phase and Player-Turn, and the Turn Record, are recorded in order", () => {
    const { ctx, position } = field({ "0101": ["B-PP1"], "1210": ["G-PP1"] }, { phase: "fire", gameTurn: 3 });
    const steps: GameEvent[][] = [];
    let p = position;
    for (let i = 0; i < 6; i++) {
      const s = playWithDice(ctx, p, [], endPhase);
      steps.push(s.events);
      p = s.position;
    }
    const ended = (side: string, phase: string) => ({ type: "phase-ended", side, phase, gameTurn: 3 });
    const began = (side: string, phase: string, gameTurn = 3) => ({
      type: "phase-began",
      side,
      phase,
      gameTurn,
    });
    expect(steps).toEqual([
      [ended("first", "fire"), began("first", "movement")],
      [ended("first", "movement"), began("first", "melee")],
      [
        ended("first", "melee"),
        { type: "player-turn-ended", side: "first", gameTurn: 3 },
        began("second", "fire"),
      ],
      [ended("second", "fire"), began("second", "movement")],
      [ended("second", "movement"), began("second", "melee")],
      [
        ended("second", "melee"),
        { type: "player-turn-ended", side: "second", gameTurn: 3 },
        { type: "game-turn-recorded", gameTurn: 3 },
        began("first", "fire", 4),
      ],
    ]);
    expect([p.gameTurn, p.phasing, p.phase]).toEqual([4, "first", "fire"]);
  });

  it("[7.0] [6.3G] a combat phase ends only once every allocated attack is resolved", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1", "B-PM2"], "0306": ["G-PP1"], "0305": ["G-PP2"] },
      { phase: "fire" },
    );
    const open = playWithDice(ctx, position, [], fire("B-PM1", "0306"), fire("B-PM2", "0305"));
    const both = expectRefused(endPhaseOf(ctx, open.position), "7.0", "combat/unresolved");
    expect(both.message).toContain("resolve every allocated attack before the phase ends (0306, 0305)");
    const one = playWithDice(ctx, open.position, [1], resolve("0306"));
    const left = expectRefused(endPhaseOf(ctx, one.position), "7.0", "combat/unresolved");
    expect(left.message).toContain("(0305)");
    expect(playWithDice(ctx, one.position, [1], resolve("0305"), endPhase).position.phase).toBe("movement");

    const melee = field({ "0402": ["B-EP1"], "0403": ["G-MM1"], "0503": ["G-MM2"] });
    const declared = playWithDice(melee.ctx, melee.position, [], attack("B-EP1", "0403", "0503"));
    const e = expectRefused(endPhaseOf(melee.ctx, declared.position), "6.3G", "combat/unresolved");
    expect(e.message).toContain("(0403+0503)");
  });

  it("[10.0] the Movement Phase ends only within the stacking limit; the refusal names each hex over it", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-PP2", "B-PP3"], "0808": ["B-MP1", "B-MP2", "B-MP3"], "1210": ["G-PP1"] },
      { phase: "movement" },
    );
    const e = expectRefused(endPhaseOf(ctx, position), "10.0", "stacking/over-limit");
    expect(e.hex).toBe("0606");
    expect(e.message).toContain(
      "Parliamentarians may end the Movement Phase with at most 2 units in a hex: 0606 (3), 0808 (3)",
    );
  });

  it("[11.0] with Caracolla, who fired is remembered until the Player-Turn ends; without it, nobody", () => {
    const stacks = { "0604": ["B-RC1"], "0104": ["B-RC2"], "0606": ["G-PP1"] };
    const on = field(stacks, { optionalRules: ["caracolla"], phase: "fire" });
    // RC 3 against 3 at 1-1: a 1 is no effect.
    const fired = playWithDice(on.ctx, on.position, [1], fire("B-RC1", "0606"), resolve("0606"), endPhase);
    expect([fired.position.phase, fired.position.fired]).toEqual(["movement", ["B-RC1"]]);
    const melee = playWithDice(on.ctx, fired.position, [], endPhase);
    expect([melee.position.phase, melee.position.fired]).toEqual(["melee", ["B-RC1"]]);
    expect(playWithDice(on.ctx, melee.position, [], endPhase).position.fired).toEqual([]);
    const off = field(stacks, { phase: "fire" });
    const s = playWithDice(off.ctx, off.position, [1], fire("B-RC1", "0606"), resolve("0606"), endPhase);
    expect(s.position.fired).toEqual([]);
  });

  it("[4.1] once the game is over no phase ends", () => {
    const { ctx, position } = field({ "0101": ["B-PP1"], "1210": ["G-PP1"] });
    const over = endGame(position, { winner: "draw", reason: "test", gameTurn: 1 }).position;
    expectRefused(endPhase_(ctx, over), "4.1", "sequence/game-over");
    expect(endPhaseError(ctx, over)?.code).toBe("sequence/game-over");
  });

  it("[16.23] [4.2] a result at the end of the First Player-Turn ends the game at once, before the Turn Record", () => {
    // Lutzen's Swedes win the moment the Imperialists have no artillery left (16.23).
    const { ctx, position } = field(
      { "0101": ["B-SC1"], "1210": ["G-PP1"] },
      { scenario: "16.23", gameTurn: 2 },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(s.position.phase).toBe("game-over");
    expect(s.position.result).toMatchObject({ winner: "first", gameTurn: 2 });
    expect(s.events.map((e) => e.type)).toEqual(["phase-ended", "player-turn-ended", "game-ended"]);
    expect(eventsOf(s.events, "game-ended")[0]).toMatchObject({ gameTurn: 2, result: { winner: "first" } });
  });

  it("[4.1] [16.32] after the last Game-Turn the game ends with the scenario's own result", () => {
    const { ctx, position } = field(
      { "0810": ["B-PP1"], "1110": ["B-PP2"], "0101": ["G-PP1"] },
      { phasing: "second", gameTurn: 10 },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(s.position).toMatchObject({
      phase: "game-over",
      phasing: "first",
      moved: [],
      attacks: [],
      fired: [],
    });
    expect(s.position.result).toMatchObject({ winner: "first", gameTurn: 10 });
    const first = field({ "0810": ["B-PP1"], "1110": ["B-PP2"], "0101": ["G-PP1"] }, { gameTurn: 10 });
    expect(playWithDice(first.ctx, first.position, [], endPhase).position.phase).toBe("fire");
  });

  it("[8.4] a Player-Turn does not end without the dice its recoveries need", () => {
    const { ctx, position } = field({ "0101": ["B-MA1"], "1210": ["G-PP1"] }, { disrupted: ["B-MA1"] });
    expectRefused(apply(ctx, position, endPhase, { dice: [] }), "8.0", "dice/exhausted");
  });
});

describe("16.0 the end of a player's deployment", () => {
  const unit = (side: "first" | "second") => ({ side, type: "PP" as const, force: "main" });
  /** Grantham on the test map (Parliamentarians within four hexes of 1110), the First Player deploying: `placed` on the map, `waiting` still to set up. */
  function deploying(placed: Record<string, string[]>, waiting: string[]) {
    const ids = [...Object.values(placed).flat(), ...waiting, "G-PP9"];
    const units = Object.fromEntries(ids.map((id) => [id, unit(id.startsWith("B") ? "first" : "second")]));
    return setup(
      {
        scenario: "16.32",
        phase: "deployment",
        phasing: "first",
        gameTurn: 1,
        units,
        stacks: placed,
        offMap: Object.fromEntries([...waiting, "G-PP9"].map((id) => [id, "undeployed" as const])),
      },
      testMapCatalog,
    );
  }

  it("[16.0] every unit is set up first: the refusal names the first five still waiting", () => {
    const waiting = ["B-PP1", "B-PP2", "B-PP3", "B-PP4", "B-PP5", "B-PP6"];
    const six = deploying({}, waiting);
    const e = expectRefused(endPhaseOf(six.ctx, six.position), "16.0", "deploy/incomplete");
    expect(e.message).toContain(
      "Parliamentarians still has 6 unit(s) to deploy (B-PP1, B-PP2, B-PP3, B-PP4, B-PP5, ...)",
    );
    const five = deploying({}, waiting.slice(0, 5));
    const f = expectRefused(endPhaseOf(five.ctx, five.position), "16.0", "deploy/incomplete");
    expect(f.message).toContain("still has 5 unit(s) to deploy (B-PP1, B-PP2, B-PP3, B-PP4, B-PP5)");
  });

  it("[16.0] [10.0] a deployment ends within the stacking limit", () => {
    const { ctx, position } = deploying(
      { "1108": ["B-PP1", "B-PP2", "B-PP3"], "1109": ["B-PP4", "B-PP5", "B-PP6"] },
      [],
    );
    const e = expectRefused(endPhaseOf(ctx, position), "10.0", "stacking/over-limit");
    expect(e.hex).toBe("1108");
    expect(e.message).toContain("deployment leaves 1108 (3), 1109 (3) over the limit of 2");
  });

  it("[16.0] a new game begins with the First Player's deployment, and says so", () => {
    const opened = newGame(ctxFor("16.31"), { seed: 5 });
    expect(opened.ok && opened.value.events).toEqual([
      { type: "phase-began", side: "first", phase: "deployment", gameTurn: 1 },
    ]);
  });

  it("[16.0] the First Player's deployment done, the Second's begins, and the events say so", () => {
    const { ctx, position } = deploying({ "1108": ["B-PP1"] }, []);
    const s = playWithDice(ctx, position, [], endPhase);
    expect([s.position.phase, s.position.phasing]).toEqual(["deployment", "second"]);
    expect(s.events).toEqual([
      { type: "phase-ended", side: "first", phase: "deployment", gameTurn: 1 },
      { type: "phase-began", side: "second", phase: "deployment", gameTurn: 1 },
    ]);
  });
});
