import {
  type Action,
  type Ctx,
  charges,
  type Position,
  PreviewJudge,
  rallyRefusal,
} from "@tercio/horse-and-musket-nt";
import { nearestEnemy } from "../goals.js";
import { END_PHASE, type NtPolicy, unitOf, unitsOf } from "../policy.js";
import { type Analysis, analyse } from "./analysis.js";
import { DEFAULT_WEIGHTS, type Weights } from "./evaluate.js";
import { afterRoll, decide, type Intent, shotNow } from "./options.js";

/**
 * The strong player plans each half of the turn (a player's Actions) as a
 * whole and plays it one action a call:
 *
 * 1. every unit's intent is weighed (options.ts): fire now, stand (to
 *    rally), reform, or move;
 * 2. the shots first, the most worth first (a shot is "at the time of the
 *    shot": each is planned on the position as it is, and after a target
 *    is removed the intents are weighed again);
 * 3. then the units that move, chargers first, then the nearest the enemy:
 *    each weighed again on the position the earlier moves made (so a line
 *    closes up on the units already placed), rolled, and moved by the best
 *    checked candidate for the Dx rolled (or it charges, falls back, or
 *    stands);
 * 4. last, a unit that stood sees whether a move opened a line for a shot;
 *    then the phase ends. In Routs and Rallies every unit that may rally
 *    does.
 */
export interface StrongOptions {
  readonly name?: string;
  readonly weights?: Weights;
}

interface Half {
  key: string;
  unitsKey: string;
  an: Analysis;
  intents: Map<string, Intent>;
  /** Units done for the half without acting (standing, or rolled and standing). */
  stood: Set<string>;
  /** Stood units already asked again for a shot at the end. */
  rechecked: Set<string>;
  calls: number;
}

/** A guard: a half never needs this many calls (each unit acts once); past it the phase ends. */
const MAX_CALLS = 200;

function rallyAction(ctx: Ctx, position: Position): Action {
  const judge = new PreviewJudge(position.settled);
  for (const id of unitsOf(position, position.toMove))
    if (!rallyRefusal(ctx, position, id, judge)) return { type: "rally", unit: id };
  return END_PHASE;
}

function unitsKeyOf(position: Position): string {
  return Object.keys(position.units).sort().join(",");
}

function moveOrder(ctx: Ctx, position: Position, half: Half): string[] {
  const key = (id: string) => {
    const u = unitOf(position, id);
    const charge = half.intents.get(id)?.kind === "move" && charges(ctx, id, u) ? 0 : 1;
    const e = nearestEnemy(position, u.side, u);
    return charge * 1e9 + (e ? e.d : 0);
  };
  return unitsOf(position, position.toMove).sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
}

export function createStrongPolicy(options: StrongOptions = {}): NtPolicy {
  const w = options.weights ?? DEFAULT_WEIGHTS;
  let half: Half | undefined;

  const weigh = (ctx: Ctx, position: Position, h: Half) => {
    h.intents.clear();
    // Only a unit with a shot now may be planned to fire first; the others are weighed in their turn.
    for (const id of unitsOf(position, position.toMove)) {
      if (unitOf(position, id).acted !== "none" || h.stood.has(id) || !shotNow(ctx, position, id)) continue;
      h.intents.set(id, decide(ctx, position, id, h.an, w));
    }
    h.unitsKey = unitsKeyOf(position);
  };

  const act = (ctx: Ctx, position: Position, h: Half): Action => {
    const own = unitsOf(position, position.toMove);
    // A rolled unit chooses its move for the Dx it rolled.
    for (const id of own) {
      if (unitOf(position, id).acted !== "rolled" || h.stood.has(id)) continue;
      const action = afterRoll(ctx, position, id, h.an, w);
      if (action) return action;
      h.stood.add(id);
    }
    if (h.unitsKey !== unitsKeyOf(position)) weigh(ctx, position, h);
    // The shots, the most worth first.
    let fire: { id: string; score: number } | undefined;
    for (const [id, intent] of h.intents)
      if (
        intent.kind === "fire" &&
        unitOf(position, id).acted === "none" &&
        (!fire || intent.score > fire.score)
      )
        fire = { id, score: intent.score };
    if (fire) {
      const shot = shotNow(ctx, position, fire.id);
      if (shot) return shot.action;
      h.intents.set(fire.id, decide(ctx, position, fire.id, h.an, w));
      return act(ctx, position, h);
    }
    // The movers, each weighed again where the earlier moves left things.
    for (const id of moveOrder(ctx, position, h)) {
      if (unitOf(position, id).acted !== "none" || h.stood.has(id)) continue;
      const intent = decide(ctx, position, id, h.an, w);
      h.intents.set(id, intent);
      if (intent.kind === "fire") return intent.action;
      if (intent.kind === "reform") return intent.action;
      if (intent.kind === "move") return { type: "roll-move", unit: id };
      h.stood.add(id);
    }
    // A line a move opened: a standing unit's shot, if it now outweighs standing.
    for (const id of own) {
      if (unitOf(position, id).acted !== "none" || h.rechecked.has(id)) continue;
      h.rechecked.add(id);
      const intent = decide(ctx, position, id, h.an, w);
      if (intent.kind === "fire") return intent.action;
    }
    return END_PHASE;
  };

  return {
    name: options.name ?? "strong",
    choose(ctx, position) {
      if (position.phase === "rallies") return rallyAction(ctx, position);
      if (position.phase !== "actions") return END_PHASE;
      const key = `${position.turn}:${position.toMove}`;
      if (!half || half.key !== key) {
        half = {
          key,
          unitsKey: "",
          an: analyse(ctx, position),
          intents: new Map(),
          stood: new Set(),
          rechecked: new Set(),
          calls: 0,
        };
        weigh(ctx, position, half);
      }
      if (++half.calls > MAX_CALLS) return END_PHASE;
      return act(ctx, position, half);
    },
  };
}
