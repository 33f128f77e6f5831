import {
  type Ctx,
  describeEvent,
  type GameEvent,
  inAllRoundTerrain,
  inFieldOfFire,
  inRange,
  type UnitState,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import { measure } from "./ruler.js";

/**
 * Words for the live region. Unit words read the position; result words
 * are the library's describeEvent, joined into one sentence.
 */
const COMPASS = [
  "north",
  "north-east",
  "east",
  "south-east",
  "south",
  "south-west",
  "west",
  "north-west",
] as const;

/** 0 -> "north", 4500 -> "north-east", 13000 -> "south-east" (the nearest of eight points). */
export function compass(facing: number): string {
  const i = Math.round((((facing % 36000) + 36000) % 36000) / 4500) % 8;
  return COMPASS[i] as string;
}

/** "Infantry A-INF2, 9 of 15 hits, facing north-east, in square". */
export function unitWords(ctx: Ctx, id: string, unit: UnitState): string {
  const type = ctx.rules.data.unitTypes[unit.type].name;
  const limit = ctx.rules.data.hitsToEliminate;
  const square = unit.formation === "square" ? ", in square" : "";
  return `${type} ${id}, ${unit.hits} of ${limit} hits, facing ${compass(unit.facing)}${square}`;
}

const RESULT_TYPES: ReadonlySet<GameEvent["type"]> = new Set([
  "charged",
  "shot",
  "fought",
  "retreated",
  "stood",
  "eliminated",
  "game-ended",
]);

/** One sentence for the results among the events (a shot, a fight, a retreat, an elimination); undefined for none. */
export function resultSentence(ctx: Ctx, events: readonly GameEvent[]): string | undefined {
  const parts: string[] = [];
  for (const e of events) {
    if (!RESULT_TYPES.has(e.type)) continue;
    const words = describeEvent(ctx, e);
    if (words) parts.push(words);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Another unit as seen from the selected one: "enemy Cavalry B-CAV1,
 * centres 7.5 inches apart, in the field of fire, out of range". The field
 * of fire and range are the engine's predicates (inFieldOfFire, inRange);
 * the distance is the ruler's, centre to centre, for orientation only.
 */
export function relationWords(
  ctx: Ctx,
  fromId: string,
  from: UnitState,
  toId: string,
  to: UnitState,
): string {
  const who = `${to.side === from.side ? "friendly" : "enemy"} ${ctx.rules.data.unitTypes[to.type].name} ${toId}`;
  const apart = `centres ${Math.round(measure(from, to).inches * 10) / 10} inches apart`;
  const parts = [who, apart];
  if (ctx.rules.data.unitTypes[from.type].range !== null && to.side !== from.side) {
    const allRound = inAllRoundTerrain(ctx, from, unitPolygon(from)) !== undefined;
    parts.push(
      allRound
        ? "all-round fire"
        : inFieldOfFire(ctx, from, to)
          ? "in the field of fire"
          : "outside the field of fire",
    );
    parts.push(inRange(ctx, from, to, allRound) ? `in ${fromId}'s range` : `out of ${fromId}'s range`);
  }
  return parts.join(", ");
}
