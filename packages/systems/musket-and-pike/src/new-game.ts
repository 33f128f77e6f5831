import { err, ok, type Result, seedPrng } from "@tercio/core";
import { type GameContext, zoneKey } from "./context.js";
import type { GameEvent } from "./events.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { startDeployment } from "./sequence.js";
import type { OffMapStatus, Position, UnitId, UnitRecord } from "./state/position.js";
import { POSITION_FORMAT } from "./state/position.js";
import type { OptionalRule, Side } from "./vocabulary.js";

export interface NewGameOptions {
  /** A 32-bit unsigned seed for the game's PRNG. */
  readonly seed: number;
  /** Optional rules 11.0-15.0 chosen for this game; those the scenario imposes are added. */
  readonly optionalRules?: readonly OptionalRule[];
}

const SIDE_PREFIX: Record<Side, string> = { first: "B", second: "G" };

/**
 * The opening position of a scenario: every unit off the map, waiting to
 * be deployed or to enter, and the First Player to deploy (16.0).
 * Unit ids read as counters: "B-PP03" is the blue player's third PP.
 */
export function newGame(
  ctx: GameContext,
  options: NewGameOptions,
): Result<{ position: Position; events: GameEvent[] }, RuleError> {
  const { scenario } = ctx;
  if (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffffffff) {
    return err(ruleError("game/bad-seed", "game", `the seed must be an integer from 0 to 4294967295`));
  }
  const optionalRules = [
    ...new Set([...(options.optionalRules ?? []), ...scenario.requiredOptionalRules]),
  ].sort();
  const units: Record<UnitId, UnitRecord> = {};
  const offMap: Record<UnitId, OffMapStatus> = {};
  for (const player of scenario.players) {
    const counters = new Map<string, number>();
    for (const force of player.forces) {
      const entering = ctx.zones.get(zoneKey(player.side, force.id))?.kind === "enter";
      for (const group of force.units) {
        for (let i = 0; i < group.count; i++) {
          const n = (counters.get(group.type) ?? 0) + 1;
          counters.set(group.type, n);
          const id = `${SIDE_PREFIX[player.side]}-${group.type}${String(n).padStart(2, "0")}`;
          const data = ctx.rules.data.unitTypes[group.as ?? group.type];
          // Reinforcements march on limbered; guns set up for battle are unlimbered (5.4).
          const limbered =
            entering && data.class === "artillery" && data.movement > 0 && group.role !== "fleet";
          units[id] = {
            side: player.side,
            type: group.type,
            force: force.id,
            ...(group.as ? { as: group.as } : {}),
            ...(group.role ? { role: group.role } : {}),
            disrupted: false,
            limbered,
            roadMode: false,
            dismounted: false,
          };
          offMap[id] = entering ? "awaiting-entry" : "undeployed";
        }
      }
    }
  }
  const position: Position = {
    format: POSITION_FORMAT,
    rules: { version: ctx.rules.version, hash: ctx.rules.hash },
    scenario: scenario.id,
    options: { optionalRules },
    gameTurn: 1,
    phasing: "first",
    phase: "deployment",
    units,
    stacks: {},
    offMap,
    moved: [],
    control: {},
    squares: [],
    attacks: [],
    fired: [],
    prng: seedPrng(options.seed),
  };
  return ok(startDeployment(position));
}
