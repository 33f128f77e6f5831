import { legalActions, POSITION_FORMAT, type Position, parsePosition } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { catalog } from "../test-support/seeds.js";
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
});
