import { canonicalJson } from "./canonical.js";
import type { DataError } from "./data-error.js";
import { err, ok, type Result } from "./result.js";
import type { RuleSystem } from "./rule-system.js";

/**
 * A system's game contexts, built once per setup and kept (least recently
 * used dropped past `limit`): what an AI thread needs for every question
 * about a game, without building the map or the table again each time. The
 * setup is raw (from a message): the system parses it first.
 */
export function contextCache<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  limit = 64,
): (rawSetup: unknown) => Result<C, DataError> {
  const contexts = new Map<string, C>();
  return (rawSetup) => {
    const setup = system.parseSetup(rawSetup);
    if (!setup.ok) return setup;
    const key = canonicalJson(setup.value);
    const known = contexts.get(key);
    if (known !== undefined) {
      // Most recently used last, so the oldest is the one dropped.
      contexts.delete(key);
      contexts.set(key, known);
      return ok(known);
    }
    const made = system.context(setup.value);
    if (!made.ok) return err(made.error);
    if (contexts.size >= limit) {
      const oldest = contexts.keys().next();
      if (!oldest.done) contexts.delete(oldest.value);
    }
    contexts.set(key, made.value);
    return ok(made.value);
  };
}
