import {
  type Ctx,
  checkMove,
  MoveOpSchema,
  type Position,
  PreviewJudge,
  type ProgramOp,
} from "@tercio/horse-and-musket-nt";
import { z } from "zod";
import { facingText, inches, pointText } from "../horse-and-musket-ch11/words.js";
import { NT_TYPE_NAME, ntOpText, ntProgramText } from "../horse-and-musket-nt/words.js";
import { EXIT_ILLEGAL, fail, type Io, type Output, parseJson } from "../io.js";
import { type ChosenSystem, readPosition } from "../systems.js";
import type { CheckMoveOptions } from "./check-move-options.js";

const ProgramSchema = z.array(MoveOpSchema).min(1).max(16);

/** A 003 move program: a JSON array of ops (advance, wheel, road), a move action, or @file.json. */
function parseNtProgram(arg: string, io: Io): ProgramOp[] {
  const fromFile = arg.startsWith("@");
  const source = fromFile ? `the program in ${arg.slice(1)}` : "the program";
  const json = parseJson(fromFile ? io.readText(arg.slice(1)) : arg, source);
  const raw =
    typeof json === "object" && json !== null && !Array.isArray(json) && "program" in json
      ? (json as { program: unknown }).program
      : json;
  const parsed = ProgramSchema.safeParse(raw);
  if (!parsed.success)
    fail(
      `${source} is not a move program: ${parsed.error.issues.map((i) => `${i.path.join(".") || "program"}: ${i.message}`).join("; ")} (e.g. '[{"op":"wheel","corner":"left","cdeg":2000},{"op":"advance","ticks":12192}]'; 6096 ticks to the inch, 100 centidegrees to the degree)`,
    );
  return parsed.data;
}

const CORNERS = ["front-left", "front-right", "rear-left", "rear-right"] as const;

/**
 * `tercio --system horse-and-musket-nt check-move POSITION UNIT PROGRAM`:
 * the move checker on one program of a rolled unit (what a drag asks on
 * every frame): the legal prefix, where it ends, each corner's travel
 * against the allowance (003 1.2 Move: no corner exceeding the total), the
 * roll-offs it would need (Grey Areas), the rule that stops the rest.
 */
export function ntCheckMove(
  chosen: ChosenSystem,
  path: string,
  unit: string,
  programArg: string,
  options: CheckMoveOptions,
  io: Io,
  out: Output,
): void {
  const read = readPosition(io, chosen, path);
  const ctx = read.ctx as Ctx;
  const position = read.position as Position;
  const u = position.units[unit];
  if (!u)
    fail(
      `there is no unit ${unit} in this position; its units are ${Object.keys(position.units).sort().join(", ")}`,
    );
  const program = parseNtProgram(programArg, io);
  const judge = new PreviewJudge(position.settled);
  const check = checkMove(ctx, position, unit, program, judge, { clamp: options.clamp ?? true });
  if (!check.legal) out.exitCode = EXIT_ILLEGAL;
  const rollOffs = judge.pending.map((q) => q.text);
  if (options.json) {
    out.print(JSON.stringify({ unit, program, ...check, rollOffs }, null, 2));
    return;
  }
  const side = ctx.scenario.sides[u.side].name;
  const lines = [
    `${unit} (${NT_TYPE_NAME[u.type]}, ${side}, ${u.formation}) at ${pointText(u)} facing ${facingText(u.facing)}; rolled ${u.roll || "nothing yet"}`,
    `program: ${ntProgramText(program)}`,
    `corners${check.legal ? "" : " (the legal prefix)"}: ${CORNERS.map((c, i) => `${c} ${inches(check.corners[i] ?? 0)}`).join(", ")}; the longest ${inches(check.travel)} of ${inches(check.limit)}${check.doubled ? ' (doubled: over 12" from all enemies)' : ""}${check.keepsBonus ? "" : " (the Bonus lost)"}`,
  ];
  const where = `${pointText(check.pose)} facing ${facingText(check.pose.facing)}`;
  if (check.legal) lines.push(`legal: the whole program; ends at ${where}`);
  else {
    const bad = program[check.legalOps];
    lines.push(
      `refused at op ${check.legalOps + 1} of ${program.length}${bad ? ` (${ntOpText(bad)})` : ""}: ${check.error?.message ?? "refused"}`,
      check.legalOps > 0
        ? `legal prefix: ${ntProgramText(program.slice(0, check.legalOps))}; the unit would stand at ${where}`
        : `legal prefix: none; the unit stands at ${where}`,
    );
    if (check.clampTicks !== undefined)
      lines.push(`the furthest legal advance there: ${inches(check.clampTicks)} (${check.clampTicks} ticks)`);
  }
  if (rollOffs.length > 0) lines.push(`too close to call, a roll-off would decide: ${rollOffs.join("; ")}`);
  out.print(lines.join("\n"));
}
