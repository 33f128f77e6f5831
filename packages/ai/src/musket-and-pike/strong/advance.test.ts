import {
  idOf,
  legalActions,
  POSITION_FORMAT,
  type Position,
  parsePosition,
  terrainOf,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { catalog, context } from "../test-support/seeds.js";
import { goalsOf } from "./goals.js";
import { createStrongPolicy } from "./strong.js";

/*
 * Killiecrankie (16.51), whoever controls hex 8 (1408) at the end of the game
 * wins. Game-Turn 15, the last, Jacobite Melee Combat Phase: the two Elite
 * Pikemen in 1408 have driven the English out of 1407 and may both advance
 * into it (8.3). An English Light Cavalry unit in 1310 is two hexes from
 * 1408. Seed 7004, strong against greedy, played exactly this: both advanced,
 * the cavalry walked into the empty 1408 and the English won.
 */
const TODAY = { "1408": ["B-EP08", "B-EP13"], "1310": ["G-LC02"], "1403": ["G-PM11"], "1509": ["B-PM07"] };

function lastTurnAdvance(stacks: Record<string, string[]> = TODAY) {
  const units: Record<string, { side: "first" | "second"; type: string; force: string }> = {
    "B-EP08": { side: "first", type: "EP", force: "main" },
    "B-EP13": { side: "first", type: "EP", force: "main" },
    "G-LC02": { side: "second", type: "LC", force: "main" },
    "G-PM11": { side: "second", type: "PM", force: "main" },
    "B-PM07": { side: "first", type: "PM", force: "main" },
  };
  const r = parsePosition(catalog, {
    format: POSITION_FORMAT,
    scenario: "16.51",
    gameTurn: 15,
    phasing: "first",
    phase: "melee",
    units,
    stacks,
    control: { "1408": "first" },
    attacks: [
      {
        kind: "melee",
        attackers: ["B-EP08", "B-EP13"],
        targets: ["1407"],
        resolved: true,
        defenders: ["G-PM11"],
      },
    ],
    decision: { kind: "advance", side: "first", into: "1407", candidates: ["B-EP08", "B-EP13"], max: 2 },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function advanced(ctx: ReturnType<typeof lastTurnAdvance>["ctx"], position: Position): readonly string[] {
  const action = createStrongPolicy().choose(ctx, position, { state: 1 });
  if (action.type !== "advance") throw new Error(`not an advance: ${JSON.stringify(action)}`);
  expect(legalActions(ctx, position)).toContainEqual(action);
  return action.units;
}

describe("the strong level's advances after combat (8.3)", () => {
  it("[8.3] [16.51] on the last Game-Turn it does not empty the victory hex an enemy can reach", () => {
    const { ctx, position } = lastTurnAdvance();
    expect(advanced(ctx, position)).toHaveLength(1);
  });

  it("[8.3] [16.51] with another unit left in the victory hex, both advance", () => {
    const { ctx, position } = lastTurnAdvance({
      "1408": ["B-EP08", "B-PM07"],
      "1308": ["B-EP13"],
      "1310": ["G-LC02"],
      "1403": ["G-PM11"],
    });
    expect(advanced(ctx, position)).toHaveLength(2);
  });

  it("[8.3] it advances as many as allowed when it leaves no goal behind", () => {
    const { ctx, position } = lastTurnAdvance({
      "1308": ["B-EP08", "B-EP13"],
      "1408": ["B-PM07"],
      "1310": ["G-LC02"],
      "1403": ["G-PM11"],
    });
    expect(advanced(ctx, position)).toHaveLength(2);
  });

  it("[8.3] the choice is deterministic: the same position gives the same advance", () => {
    const { ctx, position } = lastTurnAdvance();
    expect(advanced(ctx, position)).toEqual(advanced(ctx, position));
  });

  it("[8.3] [16.24] it keeps in the area the units the Swedes' condition needs; a unit to spare advances", () => {
    // Lutzen: the Swedes win with fifteen units on or west of the road at the end of an Imperialist Player-Turn.
    const ctx = context("16.24");
    const grid = ctx.map.grid;
    const goals = goalsOf(ctx, "first");
    expect(goals.areaNeed).toBe(15);
    const clear = (h: number) => terrainOf(ctx, h) === "clear";
    // An area hex with a clear neighbour outside the area: the attackers stand in it, the vacated hex beyond.
    let from = -1;
    let into = -1;
    for (let h = 0; h < grid.size && into < 0; h++) {
      if (goals.area[h] !== 1 || !clear(h)) continue;
      for (let d = 0; d < 6; d++) {
        const n = grid.neighbours[h * 6 + d] as number;
        if (n >= 0 && goals.area[n] === 0 && clear(n)) {
          from = h;
          into = n;
          break;
        }
      }
    }
    expect(into).toBeGreaterThanOrEqual(0);
    const near = new Set([
      into,
      ...Array.from({ length: 6 }, (_, d) => grid.neighbours[into * 6 + d] as number),
    ]);
    const others = [...goals.area.keys()].filter((h) => goals.area[h] === 1 && h !== from && !near.has(h));
    const play = (inArea: number) => {
      const units: Record<string, { side: "first" | "second"; type: string; force: string }> = {
        "G-PP01": { side: "second", type: "PP", force: "a" },
      };
      const ids = Array.from({ length: inArea }, (_, i) => `B-PP${String(i + 1).padStart(2, "0")}`);
      for (const id of ids) units[id] = { side: "first", type: "PP", force: "a" };
      const stacks: Record<string, string[]> = { [idOf(grid, from)]: ids.slice(0, 2) };
      for (let i = 2, k = 0; i < ids.length; i += 2, k++)
        stacks[idOf(grid, others[k] as number)] = ids.slice(i, i + 2);
      const far = [...goals.area.keys()].find(
        (h) => goals.area[h] === 0 && !near.has(h) && clear(h),
      ) as number;
      stacks[idOf(grid, far)] = ["G-PP01"];
      const r = parsePosition(catalog, {
        format: POSITION_FORMAT,
        scenario: "16.24",
        gameTurn: 3,
        phasing: "first",
        phase: "melee",
        units,
        stacks,
        attacks: [
          {
            kind: "melee",
            attackers: ids.slice(0, 2),
            targets: [idOf(grid, into)],
            resolved: true,
            defenders: ["G-PP01"],
          },
        ],
        decision: {
          kind: "advance",
          side: "first",
          into: idOf(grid, into),
          candidates: ids.slice(0, 2),
          max: 2,
        },
      });
      if (!r.ok) throw new Error(r.error.message);
      return advanced(r.value.ctx, r.value.position);
    };
    expect(play(15)).toHaveLength(0);
    expect(play(16)).toHaveLength(1);
    expect(play(18)).toHaveLength(2);
  });
});
