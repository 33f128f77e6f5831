import {
  type Action,
  type Ctx,
  horseAndMusket,
  type Position,
  squareRefusal,
} from "@tercio/horse-and-musket-ch11";
import { distance } from "../objectives.js";
import { END_PHASE, unitOf, unitsOf } from "../policy.js";
import { type Analysis, analyse } from "./analysis.js";
import { bestOption, bestShotNow, DEFAULT_WEIGHTS, type Weights } from "./evaluate.js";
import { threatAt } from "./threat.js";

/**
 * The whole Movement phase at once: square changes first (004 Square
 * Formation: only at the start of the phase), then each unit in turn,
 * cavalry first (charges, one attacker per defender, claim their targets
 * before anyone blocks the lanes), then the units nearest the enemy (so the
 * front moves before the units behind it), each choosing its best option
 * in the position the plan has made so far (the engine applies every step,
 * so interpenetration and engagement are the engine's). The plan is the
 * list of actions with the position expected before each.
 */
export interface MovementPlan {
  readonly actions: readonly Action[];
  /** The position's key expected before each action. */
  readonly keys: readonly string[];
}

export function positionKey(position: Position): string {
  return JSON.stringify([position.turn, position.toMove, position.phase, position.units, position.contacts]);
}

function step(ctx: Ctx, position: Position, action: Action): Position | undefined {
  const applied = horseAndMusket.apply(ctx, position, action);
  return applied.ok ? applied.value.position : undefined;
}

/** How much more the charges must be worth than the shot for a unit to stand in square. */
const SQUARE_MARGIN = 2;

/**
 * Form square where enemy cavalry could charge the unit next turn (chargePath, exactly)
 * and that outweighs the shot it would give up; leave it where it no longer does.
 */
function squareChanges(ctx: Ctx, position: Position, an: Analysis): Action[] {
  if (ctx.options.squares !== "on") return [];
  const out: Action[] = [];
  for (const id of unitsOf(position, an.side)) {
    const u = unitOf(position, id);
    const form = u.formation === "line";
    if (squareRefusal(ctx, position, id, form)) continue;
    const asLine: Position = { ...position, units: { ...position.units, [id]: { ...u, formation: "line" } } };
    const pose = { x: u.x, y: u.y, facing: u.facing };
    const charge = threatAt(ctx, asLine, id, pose, an.enemy, new Map()).charge;
    // Square when the charges it would invite outweigh the shot it gives up (either way, by the same test).
    const square = charge > bestShotNow(ctx, asLine, id, an) + SQUARE_MARGIN;
    if (form && square) out.push({ type: "form-square", unit: id });
    if (!form && !square) out.push({ type: "leave-square", unit: id });
  }
  return out;
}

function order(ctx: Ctx, position: Position, an: Analysis): string[] {
  const near = (id: string) => {
    const u = unitOf(position, id);
    let d = Number.POSITIVE_INFINITY;
    for (const e of unitsOf(position, an.enemy)) d = Math.min(d, distance(u, unitOf(position, e)));
    return d;
  };
  const key = (id: string) =>
    (ctx.rules.data.unitTypes[unitOf(position, id).type].canCharge ? 0 : 1e9) + near(id);
  return unitsOf(position, an.side).sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
}

export function planMovement(ctx: Ctx, position: Position, w: Weights = DEFAULT_WEIGHTS): MovementPlan {
  const an = analyse(ctx, position);
  const actions: Action[] = [];
  const keys: string[] = [];
  let sim = position;
  const push = (action: Action): boolean => {
    const next = step(ctx, sim, action);
    if (!next) return false;
    keys.push(positionKey(sim));
    actions.push(action);
    sim = next;
    return true;
  };
  const fresh = unitsOf(position, an.side).every((id) => {
    const acted = unitOf(position, id).acted;
    return acted === "none";
  });
  if (fresh) for (const a of squareChanges(ctx, sim, an)) push(a);
  for (const id of order(ctx, sim, an)) {
    const u = unitOf(sim, id);
    if (u.formation === "square" || (u.acted !== "none" && u.acted !== "formed")) continue;
    const option = bestOption(ctx, sim, id, an, w);
    if (option.action) push(option.action);
  }
  keys.push(positionKey(sim));
  actions.push(END_PHASE);
  return { actions, keys };
}
