import { type AnyPolicy, createRng } from "@tercio/ai";
import type { AnySystem, DataError, Result } from "@tercio/core";
import type { AiRequest, AiResponse } from "./protocol.js";

/** A system as the worker loaded it, with its contexts by setup. */
export interface Loaded {
  readonly system: AnySystem;
  readonly contexts: (setup: unknown) => Result<unknown, DataError>;
}

/** The position the worker holds after its last answer: that answer applied, for a request that continues (`after`). */
export interface Held {
  /** The request it answered. */
  readonly id: number;
  /** The system, rules and setup it was for. */
  readonly key: string;
  readonly position: unknown;
}

export interface Answered {
  readonly reply: AiResponse;
  readonly held: Held | undefined;
}

/**
 * The worker's answer to one request: the level's action in the position
 * sent, or in the one it holds from its last answer; and the position it
 * holds next (that action applied). A request that continues a position the
 * worker no longer holds is answered "stale", and the page sends it whole.
 */
export function answer(
  req: AiRequest,
  load: (system: string, rules: string | undefined) => Loaded,
  playerFor: (system: string, level: string, seat: string) => AnyPolicy,
  held: Held | undefined,
): Answered {
  const key = `${req.system}\n${req.rules ?? ""}\n${JSON.stringify(req.setup)}`;
  const position =
    req.position !== undefined
      ? req.position
      : held && held.id === req.after && held.key === key
        ? held.position
        : undefined;
  if (position === undefined)
    return { reply: { id: req.id, ok: false, message: "stale", stale: true }, held: undefined };
  try {
    const { system, contexts } = load(req.system, req.rules);
    const ctx = contexts(req.setup);
    if (!ctx.ok) throw new Error(ctx.error.message);
    const seat = system.toAct(position);
    if (seat === null) throw new Error("the game is over");
    const policy = playerFor(req.system, req.level, `${req.setup.scenario}/${seat}`);
    const action = policy.choose(ctx.value, position, createRng(req.seed));
    // The page takes the action as the system parses it; so does the position held for the next request.
    const parsed = system.parseAction(action);
    const next = parsed.ok ? system.apply(ctx.value, position, parsed.value) : undefined;
    return {
      reply: { id: req.id, ok: true, action },
      held: next?.ok ? { id: req.id, key, position: next.value.position } : undefined,
    };
  } catch (e) {
    return {
      reply: { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) },
      held: undefined,
    };
  }
}
