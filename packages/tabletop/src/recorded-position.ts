import { type DataError, type DataIssue, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import type { z } from "zod";

/**
 * An untrusted position of a miniatures game, read the same way by every
 * tabletop system: its shape (the system's schema), then the rules data it
 * records (a position is played under the data it was made with, so other
 * data is refused rather than reinterpreted), then its scenario and options
 * through the system's own setup, then the system's invariants. Each step
 * answers with a DataError naming the path at fault, never a throw.
 */
export interface PositionReading<P, C> {
  readonly schema: z.ZodType<P>;
  /** The hash of the rules data loaded now. */
  readonly rulesHash: string;
  /** The game's context for the position's scenario and options (the system's setup). */
  readonly contextOf: (position: P) => Result<C, DataError>;
  /** What the position breaks of the system's invariants, in that context. */
  readonly issues: (ctx: C, position: P) => readonly DataIssue[];
}

export function readPosition<P extends { readonly rules: { readonly hash: string } }, C>(
  reading: PositionReading<P, C>,
  raw: unknown,
): Result<{ ctx: C; position: P }, DataError> {
  const parsed = reading.schema.safeParse(raw);
  if (!parsed.success) return err(dataError("position", zodIssues(parsed.error)));
  const position = parsed.data;
  if (position.rules.hash !== reading.rulesHash)
    return err(
      dataError("position", [
        {
          path: "rules.hash",
          message: `recorded under rules data ${position.rules.hash}, loaded ${reading.rulesHash}`,
        },
      ]),
    );
  const ctx = reading.contextOf(position);
  if (!ctx.ok) return ctx;
  const issues = reading.issues(ctx.value, position);
  return issues.length > 0 ? err(dataError("position", [...issues])) : ok({ ctx: ctx.value, position });
}
