import type { Action, GameContext, Position, UnitId } from "@tercio/musket-and-pike";
import { describeHex, describeUnit } from "./describe-hex.js";
import type { PlannedMove } from "./group-move.js";

/**
 * What the live region says when a unit (or a group) is selected and when it
 * moves: the unit, what it can reach, the move with its cost and the MP
 * left, then the hex it reached as it now stands (a screen reader otherwise
 * hears only the hex's old text).
 */

/** "B-PP08 Pike (PP), …, selected: 14 hexes within reach." or "3 units selected (…): 9 hexes all of them can reach." */
export function selectionWords(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  reachable: number | undefined,
  /** A formation (formation.ts): `reachable` counts the hexes its lead may go to with every unit keeping its place. */
  formation = false,
): string {
  const [only] = units;
  if (only === undefined) return "Selection cleared.";
  const reach =
    reachable === undefined
      ? "it cannot move now"
      : formation
        ? `a formation led by ${only}; ${reachable} hex${reachable === 1 ? "" : "es"} to send ${only} to with every unit keeping its place`
        : units.length > 1
          ? `${reachable} hex${reachable === 1 ? "" : "es"} all of them can reach`
          : `${reachable} hex${reachable === 1 ? "" : "es"} within reach`;
  if (units.length === 1) {
    const u = position.units[only];
    return `${u ? describeUnit(ctx, only, u) : only} selected: ${reach}.`;
  }
  return `${units.length} units selected (${listed(units)}): ${reach}.`;
}

/** Unit ids for the live region: all of a few, the first three of many. */
function listed(units: readonly UnitId[]): string {
  return units.length > 6 ? `${units.slice(0, 3).join(", ")} and ${units.length - 3} more` : units.join(", ");
}

/** A combat phase's group: "2 units selected (B-PM01, B-PM02): 3 hexes to fire at or attack (highlighted)." */
export function groupTargetWords(units: readonly UnitId[], targets: number): string {
  return `${units.length} units selected (${listed(units)}): ${targets} target hex${targets === 1 ? "" : "es"} open (highlighted); click one to weigh the attack, again to allocate.`;
}

/** "B-PP08 moved 4409 → 4209, 2 MP; 1 MP left." ("entered the map at 0712" for a unit entering). */
export function moveWords(m: PlannedMove): string {
  const where = m.from === "off-map" ? `entered the map to ${m.to}` : `moved ${m.from} → ${m.to}`;
  return `${m.unit} ${where}, ${m.cost} MP; ${m.left} MP left.`;
}

/** The whole command in words: each move, the units refused (with the first reason), then the hex as it now is. */
export function groupMoveWords(
  ctx: GameContext,
  after: Position,
  hex: string,
  moved: readonly PlannedMove[],
  refused: readonly { readonly unit: UnitId; readonly message: string }[],
): string {
  const parts = moved.map(moveWords);
  if (refused.length > 0) parts.push(refusedWords(refused));
  parts.push(describeHex(ctx, after, hex));
  return parts.join(" ");
}

/** "B-PM04, B-PM05 not moved (still selected): 10.0: …" with the first unit's reason, and any other reasons after it. */
export function refusedWords(
  refused: readonly { readonly unit: UnitId; readonly message: string }[],
  /** What befell them: "not moved (still selected)", or in a combat phase "left out". */
  what = "not moved (still selected)",
): string {
  const reasons = [
    ...new Set(refused.map((r) => r.message.replace(new RegExp(`\\b${r.unit}\\b`, "g"), "it"))),
  ];
  const first = refused[0]?.message ?? "";
  const more = reasons.length > 1 ? ` Other reasons: ${reasons.slice(1).join(" ")}` : "";
  const who = listed(refused.map((r) => r.unit));
  return `${who} ${what}: ${first}${/[.!]$/.test(first) ? "" : "."}${more}`;
}

/** "B-PP08 Pike (PP), … selected." (a unit picked while deploying, or in a decision). */
export function selectedWords(ctx: GameContext, position: Position, unit: UnitId): string {
  const u = position.units[unit];
  return `${u ? describeUnit(ctx, unit, u) : unit} selected.`;
}

/** A combat phase's selection: "… selected: 2 targets open." or "… selected: no target. 7.1(C): …". */
export function targetWords(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  open: number,
  why: string | undefined,
): string {
  const base = selectedWords(ctx, position, unit).slice(0, -1);
  if (why) return `${base}: no target. ${why}`;
  return `${base}: ${open} allocation${open === 1 ? "" : "s"} open (highlighted).`;
}

/** "B-PM01 and B-PM02 allocated to fire at 1407." or "B-SC01 declared to attack 1407 + 1408." */
export function allocatedWords(units: readonly UnitId[], action: Action): string {
  const who = units.length > 1 ? `${units.slice(0, -1).join(", ")} and ${units.at(-1)}` : (units[0] ?? "");
  if (action.type === "fire") return `${who} allocated to fire at ${action.target}.`;
  if (action.type === "attack") return `${who} declared to attack ${action.targets.join(" + ")}.`;
  return "";
}
