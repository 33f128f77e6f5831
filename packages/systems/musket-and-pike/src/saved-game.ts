import {
  type DataError,
  dataError,
  err,
  generatorIssue,
  isPrngState,
  ok,
  openingGenerator,
  PRNG_GENERATORS,
  PRNG_STATE_PATTERN,
  type Result,
  zodIssues,
} from "@tercio/core";
import { z } from "zod";
import { type Action, ActionSchema } from "./actions.js";
import { apply, applyAll } from "./apply.js";
import { type Catalog, type GameContext, gameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { newGame } from "./new-game.js";
import type { RuleError } from "./rule-error.js";
import type { Step } from "./sequence.js";
import { positionHash } from "./state/parse.js";
import type { Position } from "./state/position.js";
import { ENGINE_CHANGE, ENGINE_VERSION, replaysEngine } from "./version.js";
import { OPTIONAL_RULES } from "./vocabulary.js";

/**
 * A saved game is its scenario, options, seed and action log: replaying the
 * actions from the opening position gives the same game, byte for byte,
 * ending at the recorded hash.
 */
export const SAVE_FORMAT = "tercio/save@1";

export const SavedGameSchema = z
  .strictObject({
    format: z.literal(SAVE_FORMAT),
    /** The system that played it (core's saves name it); saves from before systems had ids have none. */
    system: z.literal("musket-and-pike").optional(),
    rules: z.strictObject({ version: z.string().min(1), hash: z.string().regex(/^[0-9a-f]{16}$/) }),
    /** The engine that played it (ENGINE_VERSION); saves from before engine 0.2.0 have none. */
    engine: z.string().min(1).max(32).optional(),
    scenario: z.string().min(1),
    options: z.strictObject({ optionalRules: z.array(z.enum(OPTIONAL_RULES)) }),
    seed: z.number().int().min(0).max(0xffffffff),
    /**
     * The generator of the game's dice, the one its opening PRNG state
     * belongs to; saves from before engine 0.3.0 have none, which means
     * xoshiro128** (the seed's generator).
     */
    generator: z.enum(PRNG_GENERATORS).optional(),
    /**
     * The opening PRNG state, when the game did not start from the seed's: an
     * online game draws a secret ChaCha20 key (256 bits: no run of dice gives
     * it away) and reveals it once the game is over. Online games of engine
     * 0.2.0 drew 128 secret bits of xoshiro128** state instead.
     */
    prng: z
      .string()
      .regex(PRNG_STATE_PATTERN, "a xoshiro128** state (32 hex digits) or a ChaCha20 state")
      .refine((s) => s !== "0".repeat(32), "an all-zero PRNG state never rolls")
      .optional(),
    actions: z.array(ActionSchema),
    /**
     * Die results given from outside (real dice at a table), by the index of the
     * action that used them; every other roll came from the seeded PRNG.
     */
    dice: z.record(z.string().regex(/^\d+$/), z.array(z.number().int().min(1).max(6)).min(1)).optional(),
    /** Hash of the position after the last action; checked on replay when present. */
    finalHash: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
  })
  .superRefine((save, ctx) => {
    const issue = generatorIssue(save);
    if (issue) ctx.addIssue({ code: "custom", path: ["generator"], message: issue });
  });

export type SavedGame = z.infer<typeof SavedGameSchema>;

export function parseSavedGame(json: unknown): Result<SavedGame, DataError> {
  const parsed = SavedGameSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(dataError("saved game", zodIssues(parsed.error)));
}

export function makeSavedGame(
  ctx: GameContext,
  opening: { seed: number; optionalRules: readonly string[] },
  actions: readonly Action[],
  final: Position,
  dice?: Readonly<Record<string, readonly number[]>>,
  openingPrng?: string,
): SavedGame {
  const given =
    dice && Object.keys(dice).length > 0
      ? { dice: Object.fromEntries(Object.entries(dice).map(([k, v]) => [k, [...v]])) }
      : {};
  return {
    format: SAVE_FORMAT,
    rules: { version: ctx.rules.version, hash: ctx.rules.hash },
    engine: ENGINE_VERSION,
    scenario: ctx.scenario.id,
    options: { optionalRules: [...final.options.optionalRules] },
    seed: opening.seed,
    generator: openingGenerator(openingPrng !== undefined ? { prng: openingPrng } : {}),
    ...(openingPrng !== undefined ? { prng: openingPrng } : {}),
    actions: [...actions],
    ...given,
    finalHash: positionHash(final),
  };
}

/** The saved actions in order, each with the dice it was given at the table, if any. */
function replayActions(ctx: GameContext, opening: Position, save: SavedGame) {
  if (!save.dice) return applyAll(ctx, opening, save.actions);
  let position = opening;
  const events: GameEvent[] = [];
  for (const [index, action] of save.actions.entries()) {
    const dice = save.dice[String(index)];
    const next = apply(ctx, position, action, dice ? { dice } : {});
    if (!next.ok) return err({ ...next.error, index });
    position = next.value.position;
    events.push(...next.value.events);
  }
  return ok<Step>({ position, events });
}

export type ReplayError =
  | { readonly kind: "data"; readonly message: string }
  | { readonly kind: "rules-version"; readonly message: string }
  | { readonly kind: "engine-version"; readonly message: string }
  | {
      readonly kind: "illegal-action";
      readonly index: number;
      readonly error: RuleError;
      readonly message: string;
    }
  | {
      readonly kind: "hash-mismatch";
      readonly expected: string;
      readonly actual: string;
      readonly message: string;
    };

export interface Replay {
  readonly ctx: GameContext;
  readonly opening: Position;
  readonly final: Position;
  readonly events: readonly GameEvent[];
  readonly hash: string;
}

/**
 * Replays a saved game. A game saved under other rules data is refused, never
 * silently replayed wrong.
 */
export function replay(catalog: Catalog, save: SavedGame): Result<Replay, ReplayError> {
  // The engine first: an older engine's save also names older rules data, and the engine says why.
  const engine = engineRefusal(save);
  if (engine) return err({ kind: "engine-version", message: engine });
  if (save.rules.hash !== catalog.rules.hash) {
    return err({
      kind: "rules-version",
      message: `saved with rules data "${save.rules.version}" (${save.rules.hash}); loaded rules data is "${catalog.rules.version}" (${catalog.rules.hash})`,
    });
  }
  const generator =
    save.prng !== undefined && !isPrngState(save.prng)
      ? { path: "prng", message: "not a PRNG state" }
      : { path: "generator", message: generatorIssue(save) };
  if (generator.message !== undefined)
    return err({
      kind: "data",
      message: dataError("saved game", [{ ...generator, message: generator.message }]).message,
    });
  const ctx = gameContext(catalog, save.scenario);
  if (!ctx.ok) return err({ kind: "data", message: ctx.error.message });
  const opened = newGame(ctx.value, { seed: save.seed, optionalRules: save.options.optionalRules });
  if (!opened.ok) return err({ kind: "data", message: opened.error.message });
  const opening = save.prng ? { ...opened.value.position, prng: save.prng } : opened.value.position;
  const played = replayActions(ctx.value, opening, save);
  if (!played.ok) {
    return err({
      kind: "illegal-action",
      index: played.error.index,
      error: played.error,
      message: `action ${played.error.index + 1} is illegal: ${played.error.message}`,
    });
  }
  const hash = positionHash(played.value.position);
  if (save.finalHash !== undefined && save.finalHash !== hash) {
    return err({
      kind: "hash-mismatch",
      expected: save.finalHash,
      actual: hash,
      message: `replay ends at ${hash}, the save recorded ${save.finalHash}`,
    });
  }
  return ok({
    ctx: ctx.value,
    opening,
    final: played.value.position,
    events: [...opened.value.events, ...played.value.events],
    hash,
  });
}

/**
 * Why a save from another engine is refused, or undefined. Another engine
 * may play the same log differently, so a save names the engine that made
 * it and only an engine that plays that engine's games identically (this
 * one, or one listed in ENGINES_REPLAYED) replays it. Saves from before
 * engines were named are replayed, and their final hash still catches any
 * difference.
 */
export function engineRefusal(save: Pick<SavedGame, "engine">): string | undefined {
  if (save.engine === undefined || replaysEngine(save.engine)) return undefined;
  return `saved by engine ${save.engine}; this is engine ${ENGINE_VERSION}, which could replay it differently, so it is refused (${ENGINE_CHANGE})`;
}
