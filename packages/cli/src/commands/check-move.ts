import {
  type Ctx,
  checkMove,
  MoveOpSchema,
  type Position,
  type ProgramOp,
} from "@tercio/horse-and-musket-ch11";
import { z } from "zod";
import {
  facingText,
  inches,
  opText,
  pointText,
  programText,
  TYPE_NAME,
} from "../horse-and-musket-ch11/words.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, parseJson, run } from "../io.js";
import { chooseSystem, readPosition, requireHm11 } from "../systems.js";
import { ntCheckMove } from "./check-move-nt.js";
import type { CheckMoveOptions } from "./check-move-options.js";

export type { CheckMoveOptions };

const ProgramSchema = z.array(MoveOpSchema).min(1).max(16);

/**
 * A move program from the command line: a JSON array of ops, a move action
 * (its `program` is taken), or @file.json holding either.
 */
export function parseProgram(arg: string, io: Io): ProgramOp[] {
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
      `${source} is not a move program: ${parsed.error.issues.map((i) => `${i.path.join(".") || "program"}: ${i.message}`).join("; ")} (e.g. '[{"op":"pivot","cdeg":4500},{"op":"advance","ticks":24384},{"op":"pivot","cdeg":-4500}]'; 6096 ticks to the inch, 100 centidegrees to the degree)`,
    );
  return parsed.data;
}

/**
 * `tercio --system horse-and-musket-ch11 check-move POSITION UNIT PROGRAM`:
 * the engine's move checker on one program (what a drag asks on every
 * frame): the legal prefix, where the unit ends, the allowance used, the
 * rule that stops the rest and, for a refused leg, its furthest legal
 * length. Exit 0 when the whole program is legal, 2 when it is refused.
 */
export function checkMoveCommand(
  path: string,
  unit: string,
  programArg: string,
  options: CheckMoveOptions,
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    if (chosen.hmnt) {
      ntCheckMove(chosen, path, unit, programArg, options, io, out);
      return;
    }
    const { system } = requireHm11(chosen, "check-move");
    const read = readPosition(io, chosen, path);
    const ctx = read.ctx as Ctx;
    const position = read.position as Position;
    const u = position.units[unit];
    if (!u)
      fail(
        `there is no unit ${unit} in this position; its units are ${Object.keys(position.units).sort().join(", ")}`,
      );
    const program = parseProgram(programArg, io);
    const check = checkMove(ctx, position, unit, program, { clamp: options.clamp ?? true });
    const cited = check.error ? system.cite(check.error.rule) : undefined;
    const message =
      check.error && cited
        ? check.error.message.startsWith(cited)
          ? check.error.message
          : `${cited}: ${check.error.message}`
        : undefined;
    if (!check.legal) out.exitCode = EXIT_ILLEGAL;
    if (options.json) {
      out.print(
        JSON.stringify(
          {
            unit,
            program,
            ...check,
            ...(check.error ? { refusedOp: check.legalOps, cited, message } : {}),
            inches: {
              used: check.used / 6096,
              allowance: check.allowance / 6096,
              ...(check.clampTicks !== undefined ? { clamp: check.clampTicks / 6096 } : {}),
            },
          },
          null,
          2,
        ),
      );
      return;
    }
    const side = ctx.scenario.sides[u.side].name;
    const lines = [
      `${unit} (${TYPE_NAME[u.type]}, ${side}) at ${pointText(u)} facing ${facingText(u.facing)}; allowance ${inches(check.allowance)}${check.byRoad ? " by road" : ""}`,
      `program: ${programText(program)}`,
    ];
    const where = `${pointText(check.pose)} facing ${facingText(check.pose.facing)}`;
    const used = `used ${inches(check.used)} of ${inches(check.allowance)}`;
    if (check.legal) {
      lines.push(
        `legal: the whole program (${program.length} op${program.length === 1 ? "" : "s"})`,
        `ends at ${where}; ${used} (${inches(check.allowance - check.used)} left)`,
        check.moves
          ? "it counts as moving: the unit may not shoot this turn (004 Movement: Moving and Shooting)"
          : "it does not count as moving (a pivot alone, pivotCountsAsMove no): the unit may still shoot",
      );
    } else {
      const bad = program[check.legalOps];
      lines.push(
        `refused at op ${check.legalOps + 1} of ${program.length}${bad ? ` (${opText(bad)})` : ""}: ${message ?? "refused"}`,
        check.legalOps > 0
          ? `legal prefix: ${programText(program.slice(0, check.legalOps))}; the unit would stand at ${where}; ${used}`
          : `legal prefix: none; the unit stands at ${where}`,
      );
      if (check.clampTicks !== undefined && bad)
        lines.push(
          `the furthest legal ${bad.op === "road" ? "road leg" : "advance"} there: ${inches(check.clampTicks)} (${check.clampTicks} ticks)`,
        );
    }
    out.print(lines.join("\n"));
  });
}
