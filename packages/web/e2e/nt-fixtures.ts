import { createRng, findPolicy } from "@tercio/ai";
import type { Save } from "@tercio/core";
import { type Point, segmentConvexWithin } from "@tercio/geometry";
import {
  type Action,
  areaBlockers,
  type Ctx,
  chargePlan,
  checkMove,
  type GameEvent,
  liningOrIn,
  horseAndMusketNtSystem as nt,
  type Position,
  PreviewJudge,
  planShot,
  sideCentre,
  sightWorking,
  type UnitState,
  unitBlockers,
  unitFrontCentre,
} from "@tercio/horse-and-musket-nt";
import { act, type Game, type LocalSetup, startGame, toSavedGame } from "../src/shell/session.js";

/**
 * 003 saved games for the browser tests, made with the browser's own
 * session: the random AI plays both sides from a scenario's opening (the
 * seed fixes its choices and the dice) until `wanted` holds, so a test loads
 * the file instead of scripting an approach march.
 */
export type NtGame = Game<Ctx, Position, Action, GameEvent>;
export type Wanted = (ctx: Ctx, position: Position, legal: readonly Action[]) => boolean;

export function ntSetup(scenario: string, options: Record<string, unknown>, seed: number): LocalSetup {
  return {
    system: nt.id,
    scenario,
    options,
    seed,
    controllers: { first: { kind: "human" }, second: { kind: "human" } },
    undo: true,
  };
}

export function ntSaveUntil(
  setup: LocalSetup,
  wanted: Wanted,
  maxActions = 3000,
): { save: Save; game: NtGame } {
  const started = startGame(nt, setup);
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value as NtGame;
  const policy = findPolicy(nt.id, "random");
  if (!policy) throw new Error("no random level for 003");
  const rng = createRng(setup.seed);
  for (let i = 0; i < maxActions; i++) {
    const legal = nt.legalActions(game.ctx, game.position);
    if (wanted(game.ctx, game.position, legal)) return { save: toSavedGame(game as Game), game };
    if (nt.toAct(game.position) === null) break;
    const step = act(game, policy.choose(game.ctx, game.position, rng) as Action);
    if (!step.ok) throw new Error(step.error.message);
    game = step.value as NtGame;
  }
  throw new Error(`no such position in ${setup.scenario} (seed ${setup.seed})`);
}

const judge = (p: Position) => new PreviewJudge(p.settled);

/** A charge open into a target's flank or rear (Charging ii, Melee iii). */
export function flankChargeOpen(ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  return legal.some((a) => {
    if (a.type !== "charge") return false;
    const plan = chargePlan(ctx, position, a.unit, a.target, judge(position));
    return plan.ok && plan.value.side !== "front";
  });
}

/** The first flank charge open: its charger and target. */
export function flankCharge(ctx: Ctx, position: Position): { unit: string; target: string; side: string } {
  for (const a of nt.legalActions(ctx, position))
    if (a.type === "charge") {
      const plan = chargePlan(ctx, position, a.unit, a.target, judge(position));
      if (plan.ok && plan.value.side !== "front")
        return { unit: a.unit, target: a.target, side: plan.value.side };
    }
  throw new Error("no flank charge");
}

/** A Routs and Rallies phase with a rally open. */
export function rallyOpen(_ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  return position.phase === "rallies" && legal.some((a) => a.type === "rally");
}

/** The events of an action, applied with the position's own dice (what the game will roll). */
function eventsOf(ctx: Ctx, position: Position, a: Action): readonly GameEvent[] {
  const step = nt.apply(ctx, position, a);
  return step.ok ? step.value.events : [];
}

/** A fire, charge or rally open whose measurement is too close to call: applying it rolls off (Grey Areas). */
export function rollOffAction(ctx: Ctx, position: Position, legal: readonly Action[]): Action | undefined {
  return legal.find(
    (a) =>
      (a.type === "fire" || a.type === "charge" || a.type === "rally") &&
      eventsOf(ctx, position, a).some((e) => e.type === "roll-off"),
  );
}

/**
 * A shot traced through a gap (Line of Sight I): the shooter's line to the
 * centre of its priority target's side is clear and passes within 4" of two
 * blockers, one each side of it, that the rule counts for this line (units
 * tall enough, and hills, woods and towns that neither end lines or stands
 * in, as lineBlock counts them), so the gap between them is 4" or more.
 */
export function gapShot(ctx: Ctx, position: Position): { unit: string; target: string } | undefined {
  if (position.phase !== "actions") return undefined;
  for (const [id, u] of Object.entries(position.units).sort(([a], [b]) => a.localeCompare(b))) {
    if (u.side !== position.toMove || u.acted !== "none") continue;
    const plan = planShot(ctx, position, id, undefined, judge(position));
    if (!plan.ok || !plan.value) continue;
    const target = plan.value.target.id;
    const w = sightWorking(ctx, position, id, target);
    if (!w?.visible || w.centreBlock) continue;
    if (gapSides(ctx, position, id, target, w.origin, w.centre).size === 2) return { unit: id, target };
  }
  return undefined;
}

/** The sides of the line (1 left, -1 right) on which a blocker the rule counts comes within 4" of it. */
function gapSides(
  ctx: Ctx,
  position: Position,
  viewer: string,
  target: string,
  from: Point,
  to: Point,
): Set<number> {
  const gap = ctx.rules.data.sight.gap;
  const sides = new Set<number>();
  const near = (poly: readonly Point[]) => {
    if (!segmentConvexWithin(from, to, poly, gap)) return;
    const c = poly.reduce((s, p) => ({ x: s.x + p.x / poly.length, y: s.y + p.y / poly.length }), {
      x: 0,
      y: 0,
    });
    sides.add(Math.sign((to.x - from.x) * (c.y - from.y) - (to.y - from.y) * (c.x - from.x)));
  };
  for (const b of unitBlockers(ctx, position, { viewer, target, from })) if (b.id !== target) near(b.polygon);
  for (const a of areaBlockers(ctx))
    if (!liningOrIn(ctx, a, from) && !liningOrIn(ctx, a, to)) near(a.polygon);
  return sides;
}

/**
 * A flank charge made ready: the acting side's cavalry roll and take, of
 * the legal moves sampled (legalActions), the one that brings their front
 * centre nearest an enemy's flank or rear; every other choice ends the
 * phase, and the other side only ends its phases. Stops when a charge into
 * a flank or rear is open (the charger rolled, its move not yet made).
 */
export function ntFlankChargeSave(
  scenario: string,
  seed: number,
  maxActions = 400,
): { save: Save; game: NtGame } {
  const started = startGame(nt, ntSetup(scenario, {}, seed));
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value as NtGame;
  const hunter = game.position.toMove;
  const play = (a: Action) => {
    const step = act(game, a);
    if (!step.ok) throw new Error(step.error.message);
    game = step.value as NtGame;
  };
  for (let i = 0; i < maxActions && nt.toAct(game.position) !== null; i++) {
    const { ctx, position } = game;
    const legal = nt.legalActions(ctx, position);
    if (position.toMove === hunter && flankChargeOpen(ctx, position, legal))
      return { save: toSavedGame(game as Game), game };
    if (position.toMove !== hunter || position.phase !== "actions") {
      play({ type: "end-phase" });
      continue;
    }
    const cavalry = (id: string) => position.units[id]?.type === "cavalry";
    const rollable = legal.find((a) => a.type === "roll-move" && cavalry(a.unit));
    const moves = legal.filter((a) => a.type === "move" && cavalry(a.unit));
    if (moves.length > 0) play(nearestFlank(ctx, position, moves));
    else if (rollable) play(rollable);
    else play({ type: "end-phase" });
  }
  throw new Error(`no flank charge made ready in ${scenario} (seed ${seed})`);
}

function nearestFlank(ctx: Ctx, position: Position, moves: readonly Action[]): Action {
  let best = moves[0] as Action;
  let bestD = Number.POSITIVE_INFINITY;
  for (const a of moves) {
    if (a.type !== "move") continue;
    const u = position.units[a.unit] as UnitState;
    const check = checkMove(ctx, position, a.unit, a.program, judge(position), { clamp: false });
    if (!check.legal) continue;
    const fc = unitFrontCentre(ctx, { ...u, ...check.pose });
    for (const e of Object.values(position.units))
      if (e.side !== u.side)
        for (const side of ["left", "right", "rear"] as const) {
          const c = sideCentre(ctx, e, side);
          const d = (c.x - fc.x) ** 2 + (c.y - fc.y) ** 2;
          if (d < bestD) {
            bestD = d;
            best = a;
          }
        }
  }
  return best;
}
