import {
  apply,
  indexOfId,
  keyHex,
  legalActions,
  newGame,
  type Position,
  type Side,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.js";
import { greedyPolicy } from "../greedy.js";
import type { MpPolicy as Policy } from "../policy.js";
import { randomPolicy } from "../random.js";
import { context, playMp } from "../test-support/seeds.js";
import { analyse } from "./analysis.js";
import { nextAllocation } from "./combat-plan.js";
import { evaluate } from "./evaluate.js";
import { goalsOf } from "./goals.js";
import { planMovement } from "./move-plan.js";
import { outcomeOf, PORTFOLIO, searchMovement } from "./plan-search.js";
import { createStrongPolicy } from "./strong.js";

/** Greedy plays both sides from the opening until `until` holds (a phase to test the planners on). */
function reach(id: string, until: (p: Position) => boolean, seed = 1): Position {
  const ctx = context(id);
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const rng = createRng(seed);
  for (let n = 0; !until(position); n++) {
    if (position.phase === "game-over" || n > 20_000) throw new Error(`${id}: never reached the position`);
    const step = apply(ctx, position, greedyPolicy.choose(ctx, position, rng));
    if (!step.ok) throw new Error(step.error.message);
    position = step.value.position;
  }
  return position;
}

function count(set: Uint8Array): number {
  return set.reduce((t, v) => t + v, 0);
}

describe("the strong level's reading of the scenarios (16.0)", () => {
  it("[16.31] a control hex is a goal to hold for both sides", () => {
    const ctx = context("16.31");
    const hex3 = keyHex(ctx.map, 3);
    for (const side of ["first", "second"] as const) {
      const goals = goalsOf(ctx, side);
      expect(goals.hold[hex3]).toBe(1);
      expect(count(goals.hold)).toBe(1);
      expect(goals.hunt).toBe(false);
    }
  });

  it("[16.22] the Protestants make for the exit; the Spanish bar it three deep and hunt", () => {
    const ctx = context("16.22");
    const protestants = goalsOf(ctx, "second");
    const spanish = goalsOf(ctx, "first");
    expect(protestants.exit).toBe(true);
    expect(count(protestants.hexes)).toBe(count(ctx.exitHexes.second));
    expect(count(protestants.hold)).toBe(0);
    expect(spanish.exit).toBe(false);
    expect(count(spanish.hold)).toBe(count(ctx.exitHexes.second));
    expect(spanish.holdDepth).toBe(3);
    expect(spanish.hunt).toBe(true);
  });

  it("[16.24] the Swedes need fifteen units west of the road; the Imperialists hunt them", () => {
    const ctx = context("16.24");
    const swedes = goalsOf(ctx, "first");
    expect(swedes.areaNeed).toBe(15);
    expect(count(swedes.area)).toBeGreaterThan(0);
    expect(goalsOf(ctx, "second").hunt).toBe(true);
  });

  it("[16.21] the Bohemians play to survive; the Imperialists hunt every unit", () => {
    const ctx = context("16.21");
    expect(goalsOf(ctx, "first").survive).toBe(true);
    expect(goalsOf(ctx, "second").hunt).toBe(true);
  });

  it("[16.23] the Swedes hunt the artillery, worth four times its strengths; the Imperialists guard it", () => {
    const ctx = context("16.23");
    expect(goalsOf(ctx, "first").preyClass).toBe("artillery");
    expect(goalsOf(ctx, "second").guardClass).toBe("artillery");
  });

  it("[16.41] Szentgotthard: hex 11 is both sides' hold goal, its only control hex (the 25 units on the map weigh no losses more: docs/ai.md)", () => {
    const ctx = context("16.41");
    const eleven = keyHex(ctx.map, 11);
    for (const side of ["first", "second"] as const) {
      const goals = goalsOf(ctx, side);
      expect(goals.hold[eleven]).toBe(1);
      expect(goals.hold.reduce((n, v) => n + v, 0)).toBe(1);
      expect(goals.survive).toBe(false);
    }
  });
});

describe("the strong level's plans", { timeout: 60_000 }, () => {
  it("[5.0] a whole Movement Phase of Lutzen: every planned move legal, most units moved, then the phase ends", () => {
    const ctx = context("16.24");
    let position = reach("16.24", (p) => p.phase === "movement" && p.phasing === "first" && p.gameTurn === 2);
    const plan = planMovement(ctx, position);
    expect(plan.length).toBeGreaterThan(5);
    expect(new Set(plan.map((m) => m.unit)).size).toBe(plan.length);
    expect(apply(ctx, position, (plan[0] as (typeof plan)[number]).action).ok).toBe(true);
    const strong = createStrongPolicy();
    let moves = 0;
    while (position.phase === "movement") {
      const action = strong.choose(ctx, position, createRng(1));
      const step = apply(ctx, position, action);
      expect(step.ok, step.ok ? "" : step.error.message).toBe(true);
      if (!step.ok) break;
      if (action.type === "move") moves++;
      position = step.value.position;
    }
    expect(moves).toBeGreaterThanOrEqual(plan.length - 2);
  });

  it("[16.22] units awaiting entry enter: the Protestants' first Movement Phase brings them onto the map", () => {
    const ctx = context("16.22");
    const position = reach("16.22", (p) => p.phase === "movement" && p.phasing === "second");
    const waiting = Object.keys(position.offMap).filter((id) => position.offMap[id] === "awaiting-entry");
    expect(waiting.length).toBeGreaterThan(0);
    const plan = planMovement(ctx, position);
    const entering = plan.filter((m) => waiting.includes(m.unit));
    expect(entering.length).toBeGreaterThan(waiting.length / 2);
  });

  it("[7.0] fire: allocations until none adds anything, each legal, then every attack is resolved", () => {
    const ctx = context("16.21");
    const strong = createStrongPolicy();
    let position = reach("16.21", (p) => p.phase === "fire" && p.gameTurn >= 2 && p.phasing === "second");
    let allocations = 0;
    while (position.phase === "fire" && position.phasing === "second") {
      const action = strong.choose(ctx, position, createRng(1));
      if (action.type === "fire") {
        allocations++;
        expect(nextAllocation(ctx, position, "fire")).toEqual(action);
      }
      const step = apply(ctx, position, action);
      expect(step.ok, step.ok ? "" : step.error.message).toBe(true);
      if (!step.ok) break;
      position = step.value.position;
    }
    expect(allocations).toBeGreaterThan(0);
  });

  it("[8.2] the strong player sends a retreating enemy to the legal hex farthest from its goals", () => {
    let checked = 0;
    for (const id of ["16.21", "16.31", "16.35"]) {
      const ctx = context(id);
      const strong = createStrongPolicy();
      const watched: Policy = {
        name: "strong",
        choose(c, position, rng) {
          const action = strong.choose(c, position, rng);
          const decision = position.decision;
          if (decision?.kind === "retreat" && action.type === "retreat") {
            const retreating = position.units[decision.units[0] ?? ""]?.side as Side;
            const field = analyse(c, position, retreating).field;
            const far = (hex: string) => field[indexOfId(c.map.grid, hex)] as number;
            const options = legalActions(c, position).flatMap((a) =>
              a.type === "retreat" ? [far(a.to)] : [],
            );
            expect(far(action.to)).toBe(Math.max(...options));
            checked++;
          }
          return action;
        },
      };
      playMp(ctx, { seed: 2, first: watched, second: greedyPolicy });
      playMp(ctx, { seed: 2, first: greedyPolicy, second: createStrongPolicy() });
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("[4.1] the same seed gives the same game, byte for byte", () => {
    const ctx = context("16.31");
    const play = () =>
      playMp(ctx, { seed: 5, first: createStrongPolicy(), second: createStrongPolicy() }).actions;
    expect(JSON.stringify(play())).toBe(JSON.stringify(play()));
  });
});

describe("the strong level against the others", { timeout: 120_000 }, () => {
  it("[16.0] beats random in a small fixed-seed match, both sides of four scenarios", () => {
    let wins = 0;
    const games: string[] = [];
    for (const id of ["16.21", "16.31", "16.32", "16.35"]) {
      const ctx = context(id);
      for (const side of ["first", "second"] as Side[]) {
        const strong = createStrongPolicy();
        const game = playMp(ctx, {
          seed: 1,
          first: side === "first" ? strong : randomPolicy,
          second: side === "second" ? strong : randomPolicy,
        });
        if (game.result.winner === side) wins++;
        games.push(`${id} ${side}: ${game.result.reason}`);
      }
    }
    expect(wins, games.join("\n")).toBe(8);
  });
});

describe("the strong level's plan search", { timeout: 60_000 }, () => {
  it("[16.0] the evaluation counts a control hex held for the side and against the enemy", () => {
    const ctx = context("16.31");
    const position = reach("16.31", (p) => p.phase === "movement" && p.gameTurn === 2);
    const hex3 = ctx.map.grid.ids[keyHex(ctx.map, 3)] as string;
    const held = (side: Side): Position => ({ ...position, control: { ...position.control, [hex3]: side } });
    expect(evaluate(ctx, held("first"), "first")).toBeGreaterThan(evaluate(ctx, held("second"), "first"));
    expect(evaluate(ctx, held("second"), "second")).toBeGreaterThan(evaluate(ctx, held("first"), "second"));
  });

  it("[5.0] weighing two plans keeps the one whose outcome is worth more", () => {
    const ctx = context("16.24");
    const position = reach(
      "16.24",
      (p) => p.phase === "movement" && p.phasing === "second" && p.gameTurn === 3,
    );
    const plans = PORTFOLIO.map((w) => planMovement(ctx, position, w));
    const scores = plans.map((plan) => outcomeOf(ctx, position, plan));
    const chosen = searchMovement(ctx, position, PORTFOLIO, 2);
    const best = scores.indexOf(Math.max(...scores));
    expect(chosen).toEqual(plans[best]);
    // With a budget of one plan, or when time is up after the first, the first weights' plan is followed.
    expect(searchMovement(ctx, position, PORTFOLIO, 1)).toEqual(plans[0]);
    expect(searchMovement(ctx, position, PORTFOLIO, 2, () => true)).toEqual(plans[0]);
  });
});
