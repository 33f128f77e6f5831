import { z } from "zod";
import { type DataError, dataError, zodIssues } from "./data-error.js";
import { isFace } from "./dice.js";
import {
  isPrngState,
  PRNG_GENERATORS,
  PRNG_STATE_PATTERN,
  type PrngGenerator,
  prngGenerator,
  seedPrng,
} from "./prng.js";
import { err, ok, type Result } from "./result.js";
import type { RuleError } from "./rule-error.js";
import type { Applied, GameSetup, RuleSystem } from "./rule-system.js";

/**
 * A saved game of any system: its system and version, the rules data, the
 * setup (scenario and options), the seed or opening PRNG state, and the
 * action log. Replaying the actions from the opening gives the same game,
 * byte for byte, ending at the recorded hash. The envelope is checked here;
 * the options and each action by the system that the save names.
 */
export const SAVE_FORMAT = "tercio/save@1";

/** Saves from before systems were named are Musket & Pike's. */
export const DEFAULT_SYSTEM = "musket-and-pike";

const SYSTEM_ID = /^[a-z][a-z0-9-]{1,47}$/;

export const SaveSchema = z
  .strictObject({
    format: z.literal(SAVE_FORMAT),
    /** The system that played it; absent in saves from before systems were named (Musket & Pike). */
    system: z.string().regex(SYSTEM_ID, "a system id such as musket-and-pike").optional(),
    rules: z.strictObject({ version: z.string().min(1), hash: z.string().regex(/^[0-9a-f]{16}$/) }),
    /** The system's version that played it; saves from before Musket & Pike 0.2.0 have none. */
    engine: z.string().min(1).max(32).optional(),
    scenario: z.string().min(1).max(200),
    /** The system's options, checked by the system's parseSetup. */
    options: z.record(z.string(), z.unknown()),
    seed: z.number().int().min(0).max(0xffffffff),
    /**
     * The generator of the game's dice, the one its opening PRNG state
     * belongs to; saves from before Musket & Pike 0.3.0 have none, which
     * means xoshiro128** (the seed's generator).
     */
    generator: z.enum(PRNG_GENERATORS).optional(),
    /**
     * The opening PRNG state, when the game did not start from the seed's: an
     * online game draws a secret ChaCha20 key and reveals it once the game is
     * over.
     */
    prng: z
      .string()
      .regex(PRNG_STATE_PATTERN, "a xoshiro128** state (32 hex digits) or a ChaCha20 state")
      .refine((s) => s !== "0".repeat(32), "an all-zero PRNG state never rolls")
      .optional(),
    /** The actions, each checked by the system's parseAction. */
    actions: z.array(z.unknown()),
    /** Die results given from outside (real dice at a table), by the index of the action that used them. */
    dice: z.record(z.string().regex(/^\d+$/), z.array(z.number().int()).min(1)).optional(),
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

export type Save = z.infer<typeof SaveSchema>;

export function parseSave(json: unknown): Result<Save, DataError> {
  const parsed = SaveSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(dataError("saved game", zodIssues(parsed.error)));
}

/** The system a save names. */
export function systemOf(save: Pick<Save, "system">): string {
  return save.system ?? DEFAULT_SYSTEM;
}

/** The generator whose state a save opens from: its `prng`, else the seed's (xoshiro128**). */
export function openingGenerator(save: Pick<Save, "prng">): PrngGenerator {
  return save.prng === undefined ? "xoshiro128**" : prngGenerator(save.prng);
}

/** Why a save's `generator` does not match its opening state, or undefined when it does. */
export function generatorIssue(save: Pick<Save, "generator" | "prng">): string | undefined {
  // A malformed state is refused for what it is, not for the generator it does not belong to.
  if (save.prng !== undefined && !isPrngState(save.prng)) return undefined;
  const named = save.generator ?? "xoshiro128**";
  const actual = openingGenerator(save);
  if (named === actual) return undefined;
  const says =
    save.generator === undefined ? "names no generator (so xoshiro128**)" : `names the generator ${named}`;
  const opens =
    save.prng === undefined ? "opens from its seed's xoshiro128** state" : `opens from a ${actual} state`;
  return `the save ${says} but ${opens}: it is corrupt or was edited`;
}

/** What a save is made from. */
export interface SaveParts<Pos, Act, Options> {
  readonly setup: GameSetup<Options>;
  readonly seed: number;
  /** The opening PRNG state when it is not the seed's (an online game's revealed key). */
  readonly openingPrng?: string;
  readonly actions: readonly Act[];
  /** Die results given at the table, by action index. */
  readonly dice?: Readonly<Record<string, readonly number[]>>;
  readonly final: Pos;
}

export function makeSave<C, P, A, E, O>(system: RuleSystem<C, P, A, E, O>, parts: SaveParts<P, A, O>): Save {
  const given =
    parts.dice && Object.keys(parts.dice).length > 0
      ? { dice: Object.fromEntries(Object.entries(parts.dice).map(([k, v]) => [k, [...v]])) }
      : {};
  return {
    format: SAVE_FORMAT,
    system: system.id,
    rules: { version: system.rules.version, hash: system.rules.hash },
    engine: system.version,
    scenario: parts.setup.scenario,
    options: JSON.parse(JSON.stringify(parts.setup.options)) as Record<string, unknown>,
    seed: parts.seed,
    generator: openingGenerator(parts.openingPrng !== undefined ? { prng: parts.openingPrng } : {}),
    ...(parts.openingPrng !== undefined ? { prng: parts.openingPrng } : {}),
    actions: parts.actions.map((a) => JSON.parse(JSON.stringify(a)) as unknown),
    ...given,
    finalHash: system.hash(parts.final),
  };
}

export type ReplayFailure =
  | { readonly kind: "data"; readonly message: string }
  | { readonly kind: "system"; readonly message: string }
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

export interface Replayed<C, P, A, E, O> {
  readonly ctx: C;
  readonly setup: GameSetup<O>;
  readonly opening: P;
  readonly final: P;
  readonly actions: readonly A[];
  readonly events: readonly E[];
  readonly hash: string;
}

/**
 * Why a save cannot be replayed by this system, or undefined. A save of
 * another system, of a version this one does not play identically, or under
 * other rules data is refused, never replayed wrong.
 */
export function saveRefusal<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  save: Pick<Save, "system" | "engine" | "rules">,
): ReplayFailure | undefined {
  const named = systemOf(save);
  if (named !== system.id)
    return { kind: "system", message: `a game of ${named}, not of ${system.id} (${system.title})` };
  // The engine first: an older engine's save usually names older rules data too, and the engine is why.
  // Saves from before versions were named are replayed: their final hash still catches any difference.
  if (save.engine !== undefined && !system.replaysVersion(save.engine))
    return {
      kind: "engine-version",
      message: `saved by ${system.id} ${save.engine}; this is ${system.id} ${system.version}, which could replay it differently, so it is refused`,
    };
  if (save.rules.hash !== system.rules.hash)
    return {
      kind: "rules-version",
      message: `saved with rules data "${save.rules.version}" (${save.rules.hash}); loaded rules data is "${system.rules.version}" (${system.rules.hash})`,
    };
  return undefined;
}

/** Replays a save with the system it names, checking every action and the final hash. */
export function replaySave<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  save: Save,
): Result<Replayed<C, P, A, E, O>, ReplayFailure> {
  const refused = saveRefusal(system, save);
  if (refused) return err(refused);
  const generator =
    save.prng !== undefined && !isPrngState(save.prng)
      ? { path: "prng", message: "not a PRNG state" }
      : { path: "generator", message: generatorIssue(save) };
  if (generator.message !== undefined)
    return err({
      kind: "data",
      message: dataError("saved game", [{ ...generator, message: generator.message }]).message,
    });
  const setup = system.parseSetup({ scenario: save.scenario, options: save.options });
  if (!setup.ok) return err({ kind: "data", message: setup.error.message });
  const ctx = system.context(setup.value);
  if (!ctx.ok) return err({ kind: "data", message: ctx.error.message });
  const opened = system.open(ctx.value, setup.value, save.prng ?? seedPrng(save.seed));
  if (!opened.ok) return err({ kind: "data", message: opened.error.message });
  const actions: A[] = [];
  for (const [index, raw] of save.actions.entries()) {
    const action = system.parseAction(raw);
    if (!action.ok) return err({ kind: "data", message: `action ${index + 1}: ${action.error.message}` });
    actions.push(action.value);
  }
  const played = playLog(system, ctx.value, opened.value.position, actions, save.dice);
  if (!played.ok) return played;
  const hash = system.hash(played.value.position);
  if (save.finalHash !== undefined && save.finalHash !== hash)
    return err({
      kind: "hash-mismatch",
      expected: save.finalHash,
      actual: hash,
      message: `replay ends at ${hash}, the save recorded ${save.finalHash}`,
    });
  return ok({
    ctx: ctx.value,
    setup: setup.value,
    opening: opened.value.position,
    final: played.value.position,
    actions,
    events: [...opened.value.events, ...played.value.events],
    hash,
  });
}

function playLog<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  ctx: C,
  opening: P,
  actions: readonly A[],
  given: Save["dice"],
): Result<{ position: P; events: E[] }, ReplayFailure> {
  let position = opening;
  const events: E[] = [];
  for (const [index, action] of actions.entries()) {
    const dice = given?.[String(index)];
    const bad = dice?.find((d) => !isFace(system.dice, d));
    if (bad !== undefined)
      return err({
        kind: "data",
        message: `action ${index + 1}: ${bad} is not a face of the ${system.dice.name}`,
      });
    const next: Result<Applied<P, E>, RuleError> = system.apply(ctx, position, action, dice);
    if (!next.ok)
      return err({
        kind: "illegal-action",
        index,
        error: next.error,
        message: `action ${index + 1} is illegal: ${next.error.message}`,
      });
    position = next.value.position;
    events.push(...next.value.events);
  }
  return ok({ position, events });
}
