import type { Seat } from "@tercio/core";
import {
  type Action,
  type Ctx,
  type Hold,
  OPTION_IDS,
  type Position,
  type ProgramOp,
  role,
  type Scenario,
  type SuddenDeath,
  sideName,
  statusLine,
} from "@tercio/horse-and-musket-nt";
import { table } from "../format.js";
import { facingText, inches, pointText } from "../horse-and-musket-ch11/words.js";

/** Horse and Musket (003) in the shell's words: actions, legal lists, scenarios. */
export const NT_TYPE_NAME = {
  infantry: "Infantry",
  cavalry: "Cavalry",
  skirmishers: "Skirmishers",
  artillery: "Artillery",
} as const;

export function ntOpText(op: ProgramOp): string {
  switch (op.op) {
    case "advance":
      return `advance ${inches(op.ticks)}`;
    case "road":
      return `road ${inches(op.ticks)}`;
    case "wheel":
      return `wheel ${op.cdeg / 100}º on the front ${op.corner} corner`;
  }
}

export function ntProgramText(program: readonly ProgramOp[]): string {
  return program.map(ntOpText).join(", ");
}

export function ntActionText(ctx: Ctx, position: Position, action: Action): string {
  switch (action.type) {
    case "fire":
      return action.target ? `fire at ${action.target}` : "fire at the priority target";
    case "roll-move":
      return "roll the move (1Dx)";
    case "move":
      return ntProgramText(action.program);
    case "reform":
      return `reform ${pointText({ x: action.dx, y: action.dy })}${action.formation ? ` into ${action.formation}` : ""}`;
    case "fall-back":
      return `fall back the Dx${action.keepFacing ? ", facing kept" : ""}`;
    case "charge":
      return `charge ${action.target}`;
    case "rally":
      return "rally";
    case "end-phase":
      return `end ${sideName(ctx, position.toMove)}'s ${position.phase === "actions" ? "Actions (the Melee follows)" : "Routs and Rallies"}`;
  }
}

/** The legal actions in words, one a line, each with its JSON (moves are the engine's sample). */
export function ntLegalText(ctx: Ctx, position: Position, actions: readonly Action[]): string {
  const counts = new Map<string, number>();
  for (const a of actions) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
  const rows = actions.map((a) => {
    const unit = "unit" in a ? a.unit : "";
    const u = unit ? position.units[unit] : undefined;
    return [unit, u ? NT_TYPE_NAME[u.type] : "", ntActionText(ctx, position, a), JSON.stringify(a)];
  });
  const moves = counts.has("move")
    ? "Moves are a sample (¼, ½, ¾, all and double the allowance, wheels): tercio check-move tests any program."
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

/** Units left of each side's starting strength, and hits taken. */
export function ntUnitsLine(ctx: Ctx, position: Position): string {
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
    ? `${side} win at the end of a half-turn having removed ${v.fraction.num}/${v.fraction.den} of the enemy's starting units`
    : `${side} win at the end of their half-turn with ${v.count} units' centres in ${v.name} (${extent(v.zone)})`;
}

function holdText(s: Scenario, h: Hold): string {
  const piece = h.piece ? s.areas.find((t) => t.id === h.piece) : undefined;
  const where = piece ? `${piece.name} (${piece.kind})` : h.zone ? `the zone ${extent(h.zone)}` : h.name;
  return `${h.name}: ${h.points} point${h.points === 1 ? "" : "s"} to the side alone with unit centres in ${where} at the end`;
}

const OTHERWISE = {
  draw: "a draw",
  first: "the first seat wins",
  second: "the second seat wins",
  "fewer-losses": "the side with fewer units removed wins (level: a draw)",
} as const;

/** A scenario in full, in words. */
export function ntScenarioText(ctx: Ctx): string {
  const s = ctx.scenario;
  const lines: string[] = [
    `${s.id} — ${s.name} (designed by Tercio: the text has no scenarios)`,
    `${s.period}. ${s.summary}`,
    "",
    `Table ${inches(s.table.width)} × ${inches(s.table.height)} (x east, y north from the south-west corner); ${s.turns} turns; ${s.sides[s.attacker].name} are the Attacker (player A).`,
  ];
  const imposed = Object.entries(s.options);
  if (imposed.length > 0)
    lines.push(`The scenario imposes: ${imposed.map(([k, v]) => `${k} ${v}`).join(", ")}.`);
  lines.push(`Options in force: ${OPTION_IDS.map((id) => `${id} ${ctx.options[id]}`).join(", ")}.`);
  for (const side of ["first", "second"] as const) {
    const forces = s.forces[side];
    lines.push("", `${s.sides[side].name} (${side} seat, the ${role(ctx, side)}): ${forces.length} units`);
    lines.push(
      table(
        ["Unit", "Type", "Formation", "Centre", "Facing", "Traits"],
        forces.map((u) => [
          u.id,
          NT_TYPE_NAME[u.type],
          u.formation,
          pointText(u),
          facingText(u.facing),
          [...u.quality, ...(u.minie ? ["Minié"] : []), ...(u.charges ? ["charges"] : [])].join(", "),
        ]),
      ),
    );
  }
  lines.push("", "Terrain:");
  if (s.areas.length + s.linears.length + s.rivers.length + s.roads.length === 0) lines.push("  (none)");
  for (const t of s.areas)
    lines.push(`  ${t.name} (${t.kind}, ${t.id}): ${t.polygon.length} corners, ${extent(t.polygon)}`);
  for (const l of s.linears)
    lines.push(`  ${l.name} (${l.kind}, ${inches(l.width)} wide): ${l.line.map(pointText).join(" → ")}`);
  for (const r of s.rivers) {
    const crossings = r.crossings.map((c) => `${c.name} (${c.kind}, segment ${c.segment})`);
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
