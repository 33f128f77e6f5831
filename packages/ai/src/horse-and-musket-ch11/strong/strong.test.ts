import { seedPrng } from "@tercio/core";
import {
  type Action,
  type Ctx,
  checkMove,
  expectedShotHits,
  legalActions,
  type Position,
} from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.js";
import { greedyPolicy } from "../greedy.js";
import { candidateMoves } from "../moves.js";
import { unitsOf } from "../policy.js";
import { randomPolicy } from "../random.js";
import { HM11, HM11_SCENARIOS, hm11Game, playHm11 } from "../test-support/games.js";
import { exactValue } from "../worth.js";
import { planMovement } from "./plan.js";
import { createStrongPolicy } from "./strong.js";

function opening(scenario: string): { ctx: Ctx; position: Position } {
  const { ctx, setup } = hm11Game(scenario);
  const opened = HM11.open(ctx, setup, seedPrng(7));
  if (!opened.ok) throw new Error(opened.error.message);
  return { ctx, position: opened.value.position };
}

function step(ctx: Ctx, position: Position, action: Action): Position {
  const applied = HM11.apply(ctx, position, action);
  if (!applied.ok) throw new Error(`${JSON.stringify(action)}: ${applied.error.message}`);
  return applied.value.position;
}

describe("Horse and Musket, chapter 11: the strong level", () => {
  it("proposes only moves the engine accepts (checkMove is the filter)", () => {
    for (const scenario of ["river-crossing", "meeting-engagement"]) {
      const { ctx, position } = opening(scenario);
      for (const id of unitsOf(position, position.toMove)) {
        const moves = candidateMoves(ctx, position, id, { aims: [{ x: 0, y: 0 }], faces: [{ x: 0, y: 0 }] });
        expect(moves.length).toBeGreaterThan(0);
        for (const m of moves) expect(checkMove(ctx, position, id, m.program).legal).toBe(true);
      }
    }
  });

  it("plays the Movement phase it planned, one action a call, and replans from a position it did not plan for", () => {
    const { ctx, position } = opening("pitched-battle");
    const plan = planMovement(ctx, position);
    expect(plan.actions.at(-1)).toEqual({ type: "end-phase" });
    const strong = createStrongPolicy();
    const rng = createRng(1);
    let p = position;
    for (const planned of plan.actions) {
      const chosen = strong.choose(ctx, p, rng);
      expect(chosen).toEqual(planned);
      p = step(ctx, p, chosen);
    }
    // Someone else moved a unit first: the plan is made again from there, and every step is legal.
    const fresh = createStrongPolicy();
    const other = legalActions(ctx, position).find((a) => a.type === "move");
    if (!other) throw new Error("no move");
    let q = step(ctx, position, other);
    for (let n = 0; n < 20 && q.phase === "movement"; n++) q = step(ctx, q, fresh.choose(ctx, q, rng));
    expect(q.phase).toBe("shooting");
  });

  it("shoots while it has a shot (shooting costs nothing) and only then ends the phase", () => {
    // Greedy plays both sides into a Shooting phase with shots open.
    const { ctx, position } = opening("pitched-battle");
    let p = position;
    const rng = createRng(3);
    for (let n = 0; n < 400; n++) {
      if (p.phase === "shooting" && legalActions(ctx, p).some((a) => a.type === "shoot")) break;
      p = step(ctx, p, greedyPolicy.choose(ctx, p, rng));
    }
    expect(p.phase).toBe("shooting");
    const strong = createStrongPolicy();
    const side = p.toMove;
    for (let n = 0; n < 20 && p.phase === "shooting" && p.toMove === side; n++) {
      const open = legalActions(ctx, p).filter((a) => a.type === "shoot");
      const chosen = strong.choose(ctx, p, rng);
      expect(chosen.type).toBe(open.length > 0 ? "shoot" : "end-phase");
      if (chosen.type === "shoot")
        expect(exactValue(expectedShotHits(ctx, p, chosen.unit, chosen.target))).toBeGreaterThan(0);
      p = step(ctx, p, chosen);
    }
  });

  it("finishes games with legal moves only against random and greedy, on every scenario, both seats", () => {
    let wins = 0;
    HM11_SCENARIOS.forEach((scenario, i) => {
      for (const [opponent, seat] of [
        [i % 2 === 0 ? randomPolicy : greedyPolicy, "first"],
        [i % 2 === 0 ? greedyPolicy : randomPolicy, "second"],
      ] as const) {
        const strong = createStrongPolicy();
        const game = playHm11(scenario, {
          seed: 40 + i,
          first: seat === "first" ? strong : opponent,
          second: seat === "first" ? opponent : strong,
        });
        expect(game.position.phase).toBe("over");
        if (game.result.winner === seat) wins++;
      }
    });
    // Not the strength measurement (the arena is), but the level must win most of these.
    expect(wins).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
