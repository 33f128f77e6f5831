import { describe, expect, it } from "vitest";
import { legalActions } from "./legal.js";
import { type PerftCounts, perft } from "./perft.js";
import { parsePosition } from "./state/parse.js";
import lutzenFire from "./test-support/perft/lutzen-fire.json" with { type: "json" };
import lutzenMelee from "./test-support/perft/lutzen-melee.json" with { type: "json" };
import lutzenOpening from "./test-support/perft/lutzen-opening-movement.json" with { type: "json" };
import lutzenTurn3 from "./test-support/perft/lutzen-turn3-movement.json" with { type: "json" };
import nieuportFire from "./test-support/perft/nieuport-fire.json" with { type: "json" };
import nieuportMelee from "./test-support/perft/nieuport-melee.json" with { type: "json" };
import nieuportOpening from "./test-support/perft/nieuport-opening-movement.json" with { type: "json" };
import nieuportTurn3 from "./test-support/perft/nieuport-turn3-movement.json" with { type: "json" };
import { catalog } from "./test-support/setup.js";

/*
 * Perft for Musket & Pike, after chessops' perft tables: fixed positions and
 * the number of moves, attacks and actions the engine generates in each,
 * frozen. Any change to move generation, line of sight or the combat checks
 * changes a count here; an optimisation of the engine must change none.
 *
 * The positions (test-support/perft/, written by packages/bench's
 * make-fixtures.ts, seed 1): "opening-movement" is the scenario opened,
 * both sides set up by autoDeploy, the First Player's Fire Phase of
 * Game-Turn 1 ended; "fire" and "melee" are the first combat phase, before
 * any allocation, of greedy against greedy in which the Phasing Player has
 * at least three allocations to choose from; "turn3-movement" is the first
 * Movement Phase of Game-Turn 3 of the same game. The counts were made by
 * the engine of the commit that added them; `npm run bench` times them.
 */
interface Row {
  readonly name: string;
  readonly json: unknown;
  /** Where the position stands, checked so that a regenerated file cannot slip in unnoticed. */
  readonly at: string;
  readonly counts: PerftCounts;
}

const TABLE: readonly Row[] = [
  {
    name: "[5.1] [10.0] Lutzen (16.24), opening Movement Phase",
    json: lutzenOpening,
    at: "1 first movement",
    counts: { moveDestinations: 6819, firePairs: 0, meleePairs: 0, legalActions: 6944 },
  },
  {
    name: "[7.2] Lutzen (16.24), greedy play, first Fire Phase with three targets",
    json: lutzenFire,
    at: "2 first fire",
    counts: { moveDestinations: 0, firePairs: 18, meleePairs: 1, legalActions: 19 },
  },
  {
    name: "[6.2] Lutzen (16.24), greedy play, first Melee Phase with three attacks",
    json: lutzenMelee,
    at: "1 second melee",
    counts: { moveDestinations: 0, firePairs: 30, meleePairs: 4, legalActions: 5 },
  },
  {
    name: "[5.1] [10.0] Lutzen (16.24), greedy play, Game-Turn 3 Movement Phase",
    json: lutzenTurn3,
    at: "3 first movement",
    counts: { moveDestinations: 3702, firePairs: 1, meleePairs: 19, legalActions: 3806 },
  },
  {
    name: "[5.1] [10.0] Nieuport (16.13), opening Movement Phase",
    json: nieuportOpening,
    at: "1 first movement",
    counts: { moveDestinations: 2071, firePairs: 0, meleePairs: 0, legalActions: 2162 },
  },
  {
    name: "[7.2] Nieuport (16.13), greedy play, first Fire Phase with three targets",
    json: nieuportFire,
    at: "1 second fire",
    counts: { moveDestinations: 0, firePairs: 35, meleePairs: 19, legalActions: 36 },
  },
  {
    name: "[6.2] Nieuport (16.13), greedy play, first Melee Phase with three attacks",
    json: nieuportMelee,
    at: "1 first melee",
    counts: { moveDestinations: 0, firePairs: 12, meleePairs: 16, legalActions: 25 },
  },
  {
    name: "[5.1] [10.0] Nieuport (16.13), greedy play, Game-Turn 3 Movement Phase",
    json: nieuportTurn3,
    at: "3 first movement",
    counts: { moveDestinations: 1649, firePairs: 9, meleePairs: 13, legalActions: 1750 },
  },
];

function load(json: unknown) {
  const r = parsePosition(catalog, json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("perft: move destinations, fire and melee pairs and legal actions in fixed positions stay as counted", () => {
  for (const row of TABLE) {
    it(row.name, () => {
      const { ctx, position } = load(row.json);
      expect(`${position.gameTurn} ${position.phasing} ${position.phase}`).toBe(row.at);
      const counts = perft(ctx, position);
      expect(counts).toEqual(row.counts);
      // With allocation open, the pairs are the one-hex allocations legalActions lists.
      const legal = legalActions(ctx, position);
      if (position.phase === "fire")
        expect(legal.filter((a) => a.type === "fire")).toHaveLength(counts.firePairs);
      if (position.phase === "melee") {
        const single = legal.filter((a) => a.type === "attack" && a.targets.length === 1);
        expect(single).toHaveLength(counts.meleePairs);
      }
      if (position.phase === "movement") {
        // Every destination is a move action (and unlimbering there, or leaving the map, adds more).
        expect(legal.filter((a) => a.type === "move").length).toBeGreaterThanOrEqual(counts.moveDestinations);
      }
    });
  }
});
