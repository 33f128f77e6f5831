import { createRng, greedyPolicy, type PolicyRng } from "@tercio/ai";
import { actor, autoDeploy, defaultCatalog, type Position, unitStats } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { type MpGame, startMpGame } from "./game.js";
import { lossesInGame, lossesOf, strengthOf, strengthOverTurns } from "./stats.js";
import { playGame } from "./test-support.js";

const catalog = defaultCatalog();

function start(seed = 1): MpGame {
  const r = startMpGame(catalog, {
    scenario: "16.31",
    seed,
    optionalRules: [],
    controllers: { first: { kind: "ai", level: "greedy" }, second: { kind: "ai", level: "greedy" } },
    undo: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Brentford with both sides set up (autoDeploy): Game-Turn 1 about to begin. */
function deployed(): MpGame {
  let g = start();
  while (g.position.phase === "deployment")
    g = playGame(g, ...autoDeploy(g.ctx, g.position), { type: "end-phase" });
  return g;
}

/** The position with these units eliminated (taken off the map, 8.0). */
function eliminate(position: Position, ...ids: string[]): Position {
  const stacks: Record<string, readonly string[]> = {};
  for (const [hex, list] of Object.entries(position.stacks)) {
    const rest = list.filter((id) => !ids.includes(id));
    if (rest.length > 0) stacks[hex] = rest;
  }
  const offMap = { ...position.offMap };
  for (const id of ids) offMap[id] = "eliminated";
  return { ...position, stacks, offMap };
}

const unitsOf = (position: Position, side: "first" | "second", type: string) =>
  Object.entries(position.units)
    .filter(([, u]) => u.side === side && u.type === type)
    .map(([id]) => id);

describe("losses", () => {
  it("[8.0] lossesOf counts the eliminated units by side and unit type", () => {
    const { position } = deployed();
    expect(lossesOf(position)).toEqual({ first: {}, second: {} });
    const [mp1, mp2] = unitsOf(position, "first", "MP");
    const [theirs] = Object.entries(position.units).find(([, u]) => u.side === "second") ?? [];
    if (!mp1 || !mp2 || !theirs) throw new Error("fixture: units missing");
    const after = eliminate(position, mp1, mp2, theirs);
    const secondType = position.units[theirs]?.type ?? "";
    expect(lossesOf(after)).toEqual({ first: { MP: 2 }, second: { [secondType]: 1 } });
  });

  it("[16.22] units that left the map, or have yet to deploy, are not losses", () => {
    const { position } = start();
    const [id] = Object.keys(position.units);
    if (!id) throw new Error("fixture: no units");
    expect(lossesOf({ ...position, offMap: { ...position.offMap, [id]: "exited" } })).toEqual({
      first: {},
      second: {},
    });
  });
});

describe("strength", () => {
  it("[8.0] strengthOf is the printed Melee Strengths still in the game and drops when a unit is eliminated", () => {
    const { ctx, position } = deployed();
    const total = (side: "first" | "second") =>
      Object.values(position.units)
        .filter((u) => u.side === side)
        .reduce((sum, u) => sum + unitStats(ctx.rules, ctx.scenario, u).melee, 0);
    expect(strengthOf(ctx, position, "first")).toBe(total("first"));
    expect(strengthOf(ctx, position, "second")).toBe(total("second"));
    const [mp] = unitsOf(position, "first", "MP");
    const unit = position.units[mp ?? ""];
    if (!mp || !unit) throw new Error("fixture: no MP");
    const melee = unitStats(ctx.rules, ctx.scenario, unit).melee;
    expect(melee).toBeGreaterThan(0);
    const after = eliminate(position, mp);
    expect(strengthOf(ctx, after, "first")).toBe(total("first") - melee);
    expect(strengthOf(ctx, after, "second")).toBe(total("second"));
    // 16.22: a unit that exited the map no longer counts either.
    const exited = { ...position, offMap: { ...position.offMap, [mp]: "exited" as const } };
    expect(strengthOf(ctx, exited, "first")).toBe(total("first") - melee);
  });

  it("[4.2] strengthOverTurns starts at Game-Turn 0 and never rises in a short greedy game", () => {
    const rngs: Record<"first" | "second", PolicyRng> = { first: createRng(3), second: createRng(4) };
    let game = start(3);
    expect(strengthOverTurns(game)).toEqual([
      {
        gameTurn: 0,
        strength: {
          first: strengthOf(game.ctx, game.opening, "first"),
          second: strengthOf(game.ctx, game.opening, "second"),
        },
      },
    ]);
    for (let i = 0; i < 600 && game.position.gameTurn < 3 && game.position.phase !== "game-over"; i++) {
      const side = actor(game.position);
      game = playGame(game, greedyPolicy.choose(game.ctx, game.position, rngs[side]));
    }
    expect(game.position.gameTurn).toBeGreaterThanOrEqual(3);
    const points = strengthOverTurns(game);
    expect(points.map((p) => p.gameTurn)).toEqual([0, 1, 2, 3]);
    for (const [i, p] of points.entries()) {
      const before = points[i - 1];
      if (!before) continue;
      expect(p.strength.first).toBeLessThanOrEqual(before.strength.first);
      expect(p.strength.second).toBeLessThanOrEqual(before.strength.second);
    }
    const last = points.at(-1);
    expect(last?.strength).toEqual({
      first: strengthOf(game.ctx, game.position, "first"),
      second: strengthOf(game.ctx, game.position, "second"),
    });
  });

  it("[15.0] lossesInGame counts a captured gun against the side that lost it", () => {
    const g = deployed();
    // Brentford has no guns; the count does not look at the type, so any unit stands in for one.
    const gun = Object.keys(g.position.units)[0] ?? "";
    const owner = g.opening.units[gun]?.side ?? "first";
    const captor = owner === "first" ? "second" : "first";
    const type = g.opening.units[gun]?.type ?? "";
    const captured: MpGame = {
      ...g,
      entries: [
        ...g.entries,
        {
          action: { type: "advance", units: [] },
          side: captor,
          events: [{ type: "unit-captured", unit: gun, hex: "2013", side: captor, rule: "15.0" }],
          rolled: false,
          undone: false,
        },
      ],
    };
    expect(lossesInGame(captured)[owner][type]).toBe(1);
    expect(lossesInGame(captured)[captor][type] ?? 0).toBe(0);
    expect(lossesInGame(g)[owner][type] ?? 0).toBe(0);
  });
});
