import { type Point, scaledDirection } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  describeEvent,
  type GameEvent,
  type OfficerState,
  type Position,
  sideName,
  traitsOf,
  unitName,
  unitSize,
} from "@tercio/plucky-pikes";
import { programWords } from "./draft.js";
import { ranksWords, unitPicture } from "./figures.js";
import { teamWords } from "./team-words.js";
import { clockOf, clockWords } from "./urt.js";

/** 001 in the browser's words: a unit, an officer, an action for the log's undone lines, an event's filter. */

export const OFFICER_RANKS: Record<string, string> = {
  "commanding-general": "commanding general",
  general: "general",
  staff: "staff officer",
};

/**
 * Where an officer's stand is: with a unit, at the middle of its rear (he
 * goes where it goes; Leadership: "if his stand is touching the unit's");
 * alone, where he was left. As the engine's officerPoint, which it does not
 * export.
 */
export function officerAt(ctx: Ctx, position: Position, o: OfficerState): Point {
  const u = o.with ? position.units[o.with] : undefined;
  if (!o.with || !u || u.gone) return { x: o.x, y: o.y };
  const back = scaledDirection(u.facing, -Math.round(unitSize(ctx, o.with, u).depth / 2));
  return { x: u.x + back.x, y: u.y + back.y };
}

/** The officers standing with a unit, not lost. */
export function officersWith(ctx: Ctx, position: Position, unit: string): string[] {
  return Object.keys(position.officers)
    .sort()
    .filter((id) => {
      const o = position.officers[id];
      return o && !o.lost && o.with === unit && ctx.officers[id];
    });
}

/** "Gonzalo de Córdoba, Spanish commanding general, with Pikes of Villalba". */
export function officerLine(ctx: Ctx, position: Position, id: string): string {
  const o = position.officers[id];
  const t = ctx.officers[id];
  if (!o || !t) return id;
  const rank = OFFICER_RANKS[t.rank] ?? t.rank;
  const where = o.lost ? "lost" : o.with ? `with ${unitName(ctx, o.with)}` : "standing alone";
  return `${t.name}, ${sideName(ctx, t.side)} ${rank}, ${where}${o.moved ? ", has moved" : ""}`;
}

const GONE: Record<string, string> = {
  routed: "routed from the table",
  destroyed: "destroyed",
  pursued: "gone after the enemy's baggage",
};

/**
 * "S2 Pikes of Villalba, Spanish veteran foot in pike: 6 + 6 + 6 + 6 (24 of
 * 24 places filled); steady; URT clock: none of its move used (0 of 2 URTs)".
 */
export function unitLine(ctx: Ctx, position: Position, id: string): string {
  const u = position.units[id];
  const t = ctx.units[id];
  if (!u || !t) return id;
  const arm = t.arm === "guns" ? `${t.gun ?? ""} guns` : u.dismounted ? "horse archers on foot" : t.arm;
  const head = `${id} ${t.name}, ${sideName(ctx, u.side)} ${t.class} ${arm}`;
  if (u.gone) return `${head}: ${GONE[u.gone] ?? u.gone}`;
  const parts = [`${head} in ${u.formation}: ${ranksWords(unitPicture(ctx, id, u))}`, u.level];
  const team = teamWords(ctx, id, u);
  if (team) parts.push(team);
  if (u.disordered) parts.push("disordered");
  if (u.muddle > 0) parts.push(`muddled (${u.muddle} URT${u.muddle === 1 ? "" : "s"} to untangle)`);
  if (u.reload > 0) parts.push(`reloading (${u.reload} URT${u.reload === 1 ? "" : "s"})`);
  if (u.leadersLost > 0) {
    const leaders = t.brigade ? ctx.rules.data.leadership.brigadeLeaders : ctx.rules.data.leadership.leaders;
    parts.push(`${u.leadersLost} of ${leaders} leaders lost`);
  }
  if (u.flagLost) parts.push("flag lost");
  parts.push(clockWords(clockOf(ctx, id, u)), ...doings(ctx, position, id));
  return parts.join("; ");
}

/** What the unit has done this turn and whom it is with: "has had its move", "with Gonzalo (commanding general)", "in melee with F1 (move 1)". */
export function doings(ctx: Ctx, position: Position, id: string): string[] {
  const u = position.units[id];
  if (!u) return [];
  const parts: string[] = [];
  if (u.moved) parts.push("has had its move");
  if (u.fired) parts.push("has fired");
  if (position.fire.some((f) => f.unit === id)) parts.push("will fire");
  const with_ = officersWith(ctx, position, id);
  if (with_.length > 0)
    parts.push(
      `with ${with_.map((o) => `${ctx.officers[o]?.name} (${OFFICER_RANKS[ctx.officers[o]?.rank ?? ""] ?? ""})`).join(", ")}`,
    );
  const melee = position.melees.find((m) => m.attackers.includes(id) || m.defenders.includes(id));
  if (melee) {
    const foes = melee.attackers.includes(id) ? melee.defenders : melee.attackers;
    parts.push(`in melee with ${foes.join(", ")} (move ${melee.round})`);
  }
  return parts;
}

/** The traits that do not change: weapons, armour, class, stands (dismounted horse archers: as the bowmen they are on foot). */
export function traitsLine(ctx: Ctx, id: string, u?: { readonly dismounted: boolean }): string {
  const t = traitsOf(ctx, id);
  const now = traitsOf(ctx, id, u);
  const parts = [`${t.class} (d10 ${signed(ctx.rules.data.classes[t.class].d10)})`];
  if (now.melee) parts.push(`melee: ${now.melee}`);
  if (t.missile === "horse-bow")
    parts.push(
      u?.dismounted
        ? "missile: light-bow (dismounted; horse-bow mounted)"
        : "missile: horse-bow (may dismount)",
    );
  else if (t.missile) parts.push(`missile: ${t.missile}`);
  if (t.gun) parts.push(`gun: ${t.gun}`);
  if (t.arm !== "guns") parts.push(`armour: ${t.armour}`, `${t.perStand} figures a stand`);
  if (t.brigade) parts.push("brigade");
  parts.push(`${t.strength} ${t.arm === "guns" ? "points" : "figures"} at the start`);
  return parts.join(", ");
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** An action in words, for the log's undone lines. */
export function ppActionWords(action: Action): string {
  switch (action.type) {
    case "move":
      return `${action.unit}: ${programWords(action.program)}${action.run ? " (running)" : ""}`;
    case "engage":
      return `${action.unit} ${action.charge ? "charges" : "advances on"} ${action.target}`;
    case "officer":
      return action.unit ? `${action.officer} joins ${action.unit}` : `${action.officer} stands alone`;
    case "fire":
      return `${action.unit} will fire at ${action.target}${action.team ? "'s horse team" : ""}${action.hailshot ? " with hailshot" : ""}`;
    case "react":
      return `counter roll answered: ${action.choice}${action.formation ? ` (${action.formation})` : ""}`;
    case "initiative":
      return "roll for initiative";
    case "end-phase":
      return "end the part";
  }
}

/** Which of the log's filters an event belongs to. */
export function ppEventKind(event: GameEvent): "combat" | "movement" | "turns" | undefined {
  switch (event.type) {
    case "fire-declared":
    case "firing-first":
    case "strike":
    case "casualties":
    case "building-hit":
    case "leader-lost":
    case "guns-hit":
    case "team-hit":
    case "team-lost":
    case "melee-began":
    case "fatigue":
    case "flag":
    case "pursuit":
    case "melee-ended":
    case "rally":
    case "level":
    case "gone":
    case "counter-roll":
    case "reacted":
      return "combat";
    case "moved":
    case "engaged":
    case "charge-short":
    case "officer-moved":
    case "fell-back":
      return "movement";
    case "part-began":
    case "initiative":
    case "army-withdraws":
    case "army-score":
    case "game-ended":
      return "turns";
  }
}

const ANNOUNCED: ReadonlySet<GameEvent["type"]> = new Set([
  "initiative",
  "engaged",
  "charge-short",
  "counter-roll",
  "reacted",
  "firing-first",
  "strike",
  "leader-lost",
  "team-lost",
  "level",
  "gone",
  "army-withdraws",
  "army-score",
  "game-ended",
]);

/** The sentence announced after an action: its rolls, contacts, strikes, morale and the end. */
export function ppAnnounce(ctx: Ctx, events: readonly GameEvent[]): string | undefined {
  const lines = events
    .filter((e) => ANNOUNCED.has(e.type))
    .map((e) => describeEvent(ctx, e))
    .filter((s): s is string => s !== undefined);
  return lines.length > 0 ? lines.join(". ") : undefined;
}

/** The units a log line is about, still on the table after it: the log offers them to be shown on the table. */
export function ppLocate(event: GameEvent, position: Position): string[] {
  const ids: string[] = [];
  if ("unit" in event && event.unit) ids.push(event.unit);
  if ("target" in event && event.target) ids.push(event.target);
  if (event.type === "firing-first") ids.push(event.a, event.b);
  return ids.filter((id) => {
    const u = position.units[id];
    return u !== undefined && u.gone === undefined;
  });
}

/** The latest initiative roll of the position's turn, from the actions in force. */
export function initiativeOf(
  history: readonly { readonly events: readonly GameEvent[] }[],
  turn: number,
): Extract<GameEvent, { type: "initiative" }> | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const found = history[i]?.events.find(
      (e): e is Extract<GameEvent, { type: "initiative" }> => e.type === "initiative" && e.turn === turn,
    );
    if (found) return found;
  }
  return undefined;
}

/** The army-score events of the game's end, by side. */
export function armyScores(
  history: readonly { readonly events: readonly GameEvent[] }[],
): Extract<GameEvent, { type: "army-score" }>[] {
  const out: Extract<GameEvent, { type: "army-score" }>[] = [];
  for (const h of history) for (const e of h.events) if (e.type === "army-score") out.push(e);
  return out.slice(-2);
}
