import {
  type Action,
  allowanceOf,
  type Ctx,
  describeEvent,
  type GameEvent,
  inchesText,
  type Position,
  type UnitState,
} from "@tercio/horse-and-musket-nt";
import { programWords } from "./draft.js";

/** 003 in the browser's words: a unit, an action for the log's undone lines, an event's filter. */
const ACTED_WORDS: Record<UnitState["acted"], string> = {
  none: "",
  fired: "has fired",
  rolled: "has rolled its move",
  moved: "has moved",
  charged: "has charged",
  "fell-back": "has fallen back",
  reformed: "has reformed",
  rallied: "has rallied",
};

/** "A-Gds, Pragmatic Army infantry in line, 3 Hits; rolled 4: 6" straight ahead, 4" otherwise". */
export function unitLine(ctx: Ctx, position: Position, id: string): string {
  const u = position.units[id];
  if (!u) return id;
  const side = ctx.scenario.sides[u.side].name;
  const quality = ctx.scenario.forces[u.side].find((s) => s.id === id)?.quality ?? [];
  const q = ctx.options.variableQuality === "on" && quality.length > 0 ? ` (${quality.join(", ")})` : "";
  const parts = [`${id}, ${side} ${u.type}${q} in ${u.formation}`, `${u.hits} Hit${u.hits === 1 ? "" : "s"}`];
  if (u.outOfAmmunition) parts.push("out of ammunition");
  if (u.holds) parts.push(`holding ${u.holds}`);
  if (u.acted === "rolled")
    parts.push(
      `rolled ${u.roll}: ${inchesText(allowanceOf(ctx, id, u, true))} straight ahead, ${inchesText(allowanceOf(ctx, id, u, false))} otherwise`,
    );
  else if (ACTED_WORDS[u.acted]) parts.push(ACTED_WORDS[u.acted]);
  return parts.join(", ");
}

/** An action in words, for the log's undone lines. */
export function ntActionWords(action: Action): string {
  switch (action.type) {
    case "fire":
      return `${action.unit} fires${action.target ? ` at ${action.target}` : ""}`;
    case "roll-move":
      return `${action.unit} rolls its move`;
    case "move":
      return `${action.unit}: ${programWords(action.program)}`;
    case "reform":
      return `${action.unit} reforms${action.formation ? ` into ${action.formation}` : ""} (${inchesText(action.dx)}, ${inchesText(action.dy)})`;
    case "fall-back":
      return `${action.unit} falls back${action.keepFacing ? ", keeping its facing" : ""}`;
    case "charge":
      return `${action.unit} charges ${action.target}`;
    case "rally":
      return `${action.unit} rallies`;
    case "end-phase":
      return "end the phase";
  }
}

/** Which of the log's filters an event belongs to. */
export function ntEventKind(event: GameEvent): "combat" | "movement" | "turns" | undefined {
  switch (event.type) {
    case "die-rolled":
    case "roll-off":
    case "refused-after-roll-off":
    case "fired":
    case "out-of-ammunition":
    case "melee":
    case "stood":
    case "rallied":
    case "removed":
      return "combat";
    case "move-rolled":
    case "moved":
    case "reformed":
    case "drill-failed":
    case "fell-back":
    case "charged":
      return "movement";
    case "phase-began":
    case "game-ended":
      return "turns";
  }
}

const ANNOUNCED: ReadonlySet<GameEvent["type"]> = new Set([
  "roll-off",
  "fired",
  "charged",
  "melee",
  "rallied",
  "removed",
  "game-ended",
]);

/** The sentence announced after an action: its roll-offs, shots, charges, melee, rallies and removals. */
export function ntAnnounce(ctx: Ctx, events: readonly GameEvent[]): string | undefined {
  const lines = events
    .filter((e) => ANNOUNCED.has(e.type))
    .map((e) => describeEvent(ctx, e))
    .filter((s): s is string => s !== undefined);
  return lines.length > 0 ? lines.join(". ") : undefined;
}

/** The units a log line is about, still on the table after it: the log offers them to be shown on the map. */
export function ntLocate(
  event: GameEvent,
  position: { readonly units: Readonly<Record<string, unknown>> },
): string[] {
  const ids: string[] = [];
  if ("unit" in event && event.unit) ids.push(event.unit);
  if ("target" in event && event.target) ids.push(event.target);
  return ids.filter((id) => id in position.units);
}
