import {
  type Action,
  actor,
  apply,
  assessAttack,
  type GameContext,
  legalActions,
  newGame,
  ODDS,
  type Position,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.js";
import { greedyPolicy } from "./greedy.js";
import type { MpPolicy as Policy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { context, MP, playMp, SCENARIO_IDS } from "./test-support/seeds.js";

interface Checked {
  readonly position: Position;
  readonly decisions: number;
  readonly fireResolutions: number;
  readonly meleeAttacks: number;
}

/**
 * Plays a game action by action, checking with apply that each policy's
 * choice is legal, and what greedy chose against the rules of thumb it
 * promises.
 */
function playChecked(ctx: GameContext, seed: number, first: Policy, second: Policy): Checked {
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const rngs = { first: createRng(seed), second: createRng((seed ^ 0x5bd1e995) >>> 0) };
  let decisions = 0;
  let fireResolutions = 0;
  let meleeAttacks = 0;
  for (let n = 0; position.phase !== "game-over"; n++) {
    if (n > 50_000) throw new Error("no result after 50000 actions");
    const side = actor(position);
    const policy = side === "first" ? first : second;
    const action = policy.choose(ctx, position, rngs[side]);
    if (policy === greedyPolicy) {
      const checked = checkGreedy(ctx, position, action);
      fireResolutions += checked.fire;
      meleeAttacks += checked.melee;
    }
    if (position.decision) decisions++;
    const step = apply(ctx, position, action);
    expect(step.ok, step.ok ? "" : `${policy.name}: ${JSON.stringify(action)}: ${step.error.message}`).toBe(
      true,
    );
    if (!step.ok) break;
    position = step.value.position;
  }
  return { position, decisions, fireResolutions, meleeAttacks };
}

/** What greedy promises, checked at the moment it acts. */
function checkGreedy(ctx: GameContext, position: Position, action: Action): { fire: number; melee: number } {
  const firstResolve = action.type === "resolve" && !position.attacks.some((a) => a.resolved);
  if (position.decision?.kind === "advance") {
    // 8.3: as many of the candidates as may advance.
    expect(action.type === "advance" && action.units.length).toBe(
      Math.min(position.decision.max, position.decision.candidates.length),
    );
  }
  if (position.decision?.kind === "retreat") expect(action).toEqual(legalActions(ctx, position)[0]);
  if (firstResolve && position.phase === "fire") {
    // 7.0: every unit that can fire is allocated before the first attack is resolved.
    expect(legalActions(ctx, position).filter((a) => a.type === "fire")).toEqual([]);
    return { fire: position.attacks.length, melee: 0 };
  }
  if (firstResolve && position.phase === "melee") {
    // 6.0: only attacks at 1-1 or better are declared.
    for (const a of position.attacks) {
      const assessed = assessAttack(ctx, position, {
        kind: "melee",
        attackers: a.attackers,
        targets: a.targets,
      });
      expect(assessed.ok && ODDS.indexOf(assessed.value.odds) >= ODDS.indexOf("1-1")).toBe(true);
    }
    return { fire: 0, melee: position.attacks.length };
  }
  return { fire: 0, melee: 0 };
}

// Whole games: a few seconds each, more on a loaded machine.
describe("the built-in policies", { timeout: 60_000 }, () => {
  it("[16.0] greedy and random only ever choose legal actions, and greedy keeps its rules of thumb", () => {
    let fire = 0;
    let melee = 0;
    let decisions = 0;
    for (const id of ["16.21", "16.31", "16.35"]) {
      const ctx = context(id);
      for (const [first, second] of [
        [greedyPolicy, randomPolicy],
        [randomPolicy, greedyPolicy],
      ] as const) {
        const game = playChecked(ctx, 1, first, second);
        expect(game.position.result, `${id}: ${first.name} against ${second.name}`).toBeDefined();
        fire += game.fireResolutions;
        melee += game.meleeAttacks;
        decisions += game.decisions;
      }
    }
    // The games did fight: greedy fired and attacked, and retreats and advances were decided.
    expect(fire).toBeGreaterThan(0);
    expect(melee).toBeGreaterThan(0);
    expect(decisions).toBeGreaterThan(0);
  });

  it.each(SCENARIO_IDS)("[16.0] %s: greedy (first) against random (second) plays to a result", (id) => {
    const ctx = context(id);
    const game = playMp(ctx, { seed: 1, first: greedyPolicy, second: randomPolicy });
    expect(game.position.phase).toBe("game-over");
    expect(MP.result(game.position)).toEqual(game.result);
    expect(game.position.result?.winner).toBe(game.result.winner);
    expect(game.result.reason).not.toBe("");
    expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.gameLength);
    expect(game.actionCount).toBe(game.actions.length);
  });

  it("[16.0] random deploys with autoDeploy and then ends its deployment", () => {
    const ctx = context("16.31");
    const opened = newGame(ctx, { seed: 1 });
    if (!opened.ok) throw new Error(opened.error.message);
    let position = opened.value.position;
    const rng = createRng(1);
    const seen: Action["type"][] = [];
    while (position.phase === "deployment") {
      const action = randomPolicy.choose(ctx, position, rng);
      seen.push(action.type);
      const step = apply(ctx, position, action);
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
    }
    expect(seen.filter((t) => t === "end-phase")).toHaveLength(2);
    expect(seen.filter((t) => t === "deploy")).toHaveLength(
      Object.values(opened.value.position.offMap).filter((s) => s === "undeployed").length,
    );
  });
});
