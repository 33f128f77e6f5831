import type { Seat } from "@tercio/core";
import {
  type Action,
  type Ctx,
  type Hold,
  type Position,
  type ProgramOp,
  READING_IDS,
  type Scenario,
  type SuddenDeath,
  sideName,
  statusLine,
} from "@tercio/horse-and-musket-ch11";
import { table } from "../format.js";

/** 6096 ticks to the inch: lengths in words are inches to two decimals ("4.5\""). */
export function inches(ticks: number): string {
  return `${Math.round((ticks / 6096) * 100) / 100}"`;
}

/** A table point in inches: (30", 6"). */
export function pointText(p: { readonly x: number; readonly y: number }): string {
  return `(${inches(p.x)}, ${inches(p.y)})`;
}

const COMPASS: Record<number, string> = { 0: "north", 9000: "east", 18000: "south", 27000: "west" };

/** A facing in degrees, with its compass point where it has one: "90º (east)". */
export function facingText(cdeg: number): string {
  const c = COMPASS[cdeg];
  return `${cdeg / 100}º${c ? ` (${c})` : ""}`;
}

/** A turn, signed, and which way: "+45º right", "-90º left". */
export function turnText(cdeg: number): string {
  const way = Math.abs(cdeg) === 18000 ? "about" : cdeg > 0 ? "right" : "left";
  return `${cdeg > 0 ? "+" : ""}${cdeg / 100}º ${way}`;
}

export function opText(op: ProgramOp): string {
  switch (op.op) {
    case "pivot":
      return `pivot ${turnText(op.cdeg)}`;
    case "advance":
      return `advance ${inches(op.ticks)}`;
    case "back":
      return `back ${inches(op.ticks)}`;
    case "road":
      return `road ${inches(op.ticks)}`;
  }
}

export function programText(program: readonly ProgramOp[]): string {
  return program.map(opText).join(", ");
}

export function actionText(ctx: Ctx, position: Position, action: Action): string {
  switch (action.type) {
    case "move":
      return programText(action.program);
    case "charge":
      return `charge ${action.target}${action.turn ? ` (turning ${turnText(action.turn)} first)` : ""}`;
    case "shoot":
      return `shoot at ${action.target}`;
    case "form-square":
      return "form square";
    case "leave-square":
      return "leave square";
    case "end-phase":
      return `end ${sideName(ctx, position.toMove)}'s ${position.phase === "movement" ? "Movement" : "Shooting"}`;
  }
}

export const TYPE_NAME = {
  infantry: "Infantry",
  cavalry: "Cavalry",
  skirmishers: "Skirmishers",
  artillery: "Artillery",
} as const;

/** The legal actions in words, one a line, each with its JSON (moves are the engine's sample). */
export function legalText(ctx: Ctx, position: Position, actions: readonly Action[]): string {
  const counts = new Map<string, number>();
  for (const a of actions) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
  const rows = actions.map((a) => {
    const unit = "unit" in a ? a.unit : "";
    const u = unit ? position.units[unit] : undefined;
    return [unit, u ? TYPE_NAME[u.type] : "", actionText(ctx, position, a), JSON.stringify(a)];
  });
  const moves = counts.has("move")
    ? "Moves are a sample (¼, ½, ¾ and the whole allowance, turns of 45º, 90º, 180º): tercio check-move tests any program."
    : "";
  return [
    `${ctx.scenario.id} ${ctx.scenario.name} — ${statusLine(ctx, position)}${
      position.result ? "" : ` (${sideName(ctx, position.toMove)} to act)`
    }`,
    `${actions.length} legal action${actions.length === 1 ? "" : "s"}${
      counts.size > 0 ? `: ${[...counts].map(([t, n]) => `${t} ${n}`).join(", ")}` : ""
    }`,
    ...(moves ? [moves] : []),
    "",
    table(["Unit", "Type", "Action", "JSON"], rows),
  ].join("\n");
}

/** Units left of each side's starting strength, and hits taken: "Red Army 6 of 7 (12 hits)". */
export function unitsLine(ctx: Ctx, position: Position): string {
  const parts = (["first", "second"] as const).map((side: Seat) => {
    const units = Object.values(position.units).filter((u) => u.side === side);
    const hits = units.reduce((s, u) => s + u.hits, 0);
    return `${sideName(ctx, side)} ${units.length} of ${ctx.strength[side]}${hits > 0 ? ` (${hits} hits on them)` : ""}`;
  });
  return `Units left: ${parts.join(", ")}`;
}

function extent(poly: readonly { x: number; y: number }[]): string {
  const xs = poly.map((p) => p.x);
  const ys = poly.map((p) => p.y);
  return `x ${inches(Math.min(...xs))}–${inches(Math.max(...xs))}, y ${inches(Math.min(...ys))}–${inches(Math.max(...ys))}`;
}

function suddenDeathText(s: Scenario, v: SuddenDeath): string {
  const side = s.sides[v.side].name;
  return v.kind === "destroy"
    ? `${side} win at once on eliminating ${v.fraction.num}/${v.fraction.den} of the enemy's starting units`
    : `${side} win at the end of their player turn with ${v.count} units' centres in ${v.name} (${extent(v.zone)})`;
}

function holdText(s: Scenario, h: Hold): string {
  const piece = h.piece ? s.terrain.find((t) => t.id === h.piece) : undefined;
  const where = piece ? `${piece.name} (${piece.kind})` : h.zone ? `the zone ${extent(h.zone)}` : h.name;
  return `${h.name}: ${h.points} point${h.points === 1 ? "" : "s"} to the side alone with unit centres in ${where} at the end`;
}

const OTHERWISE = {
  draw: "a draw",
  first: "the first seat wins",
  second: "the second seat wins",
  "fewer-losses": "the side with fewer units eliminated wins (level: a draw)",
} as const;

/** A scenario in full, in words: table, sides and forces, terrain, rivers, roads, victory, imposed options. */
export function scenarioText(ctx: Ctx): string {
  const s = ctx.scenario;
  const lines: string[] = [
    `${s.id} — ${s.name} (designed by Tercio: the text has no scenarios)`,
    s.summary,
    "",
    `Table ${inches(s.table.width)} × ${inches(s.table.height)} (x east, y north from the south-west corner); ${s.turns} turns; ${s.sides[s.firstPlayer].name} move first.`,
  ];
  const imposed = Object.entries(s.options);
  if (imposed.length > 0)
    lines.push(`The scenario imposes: ${imposed.map(([k, v]) => `${k} ${v}`).join(", ")}.`);
  lines.push(`Readings in force: ${READING_IDS.map((id) => `${id} ${ctx.options[id]}`).join(", ")}.`);
  for (const side of ["first", "second"] as const) {
    const forces = s.forces[side];
    lines.push(
      "",
      `${s.sides[side].name} (${side} seat): ${forces.length} units, deployed in ${extent(s.deployment[side])}`,
    );
    lines.push(
      table(
        ["Unit", "Type", "Frontage", "Centre", "Facing"],
        forces.map((u) => [u.id, TYPE_NAME[u.type], inches(u.frontage), pointText(u), facingText(u.facing)]),
      ),
    );
  }
  lines.push("", "Terrain:");
  if (s.terrain.length === 0) lines.push("  (none)");
  for (const t of s.terrain)
    lines.push(
      `  ${t.name} (${t.kind}, ${t.id}): ${t.polygon.length} corners, ${extent(t.polygon)}${
        t.hilltop ? `; hilltop ${extent(t.hilltop)}` : t.kind === "hill" ? "; the whole hill is its top" : ""
      }`,
    );
  for (const r of s.rivers) {
    const crossings = r.crossings.map((c) => {
      const a = r.line[c.segment];
      const b = r.line[c.segment + 1];
      return `${c.name} (${c.kind}, ${a && b ? `${pointText(a)} to ${pointText(b)}` : `segment ${c.segment}`})`;
    });
    lines.push(
      `  ${r.name} (river): ${r.line.map(pointText).join(" → ")}; crossed only at ${crossings.join(", ") || "nowhere"}`,
    );
  }
  for (const r of s.roads)
    lines.push(`  ${r.name} (road, ${inches(r.width)} wide): ${r.line.map(pointText).join(" → ")}`);
  lines.push("", "Victory:");
  for (const v of s.victory.suddenDeath) lines.push(`  ${suddenDeathText(s, v)}`);
  for (const h of s.victory.atEnd) lines.push(`  ${holdText(s, h)}`);
  lines.push(`  otherwise: ${OTHERWISE[s.victory.otherwise]}`);
  return lines.join("\n");
}
