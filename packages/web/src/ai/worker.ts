import "../jitless.js";
import { createRng, type MpPolicy, mpPolicy } from "@tercio/ai";
import { contextCache, type DataError, type Result } from "@tercio/core";
import {
  actor,
  catalogWithRules,
  defaultCatalog,
  type GameContext,
  musketAndPike,
} from "@tercio/musket-and-pike";
import type { AiRequest, AiResponse } from "./protocol.js";

/**
 * The AI runs here, off the page's thread, so the board never freezes while
 * it thinks. It answers one request at a time with one legal action.
 */
type Contexts = (setup: unknown) => Result<GameContext, DataError>;
/** The built-in rules data's contexts, and those of the player's own rules file (the last one used). */
const builtIn: Contexts = contextCache(musketAndPike(defaultCatalog()));
let custom: { readonly text: string; readonly contexts: Contexts } | undefined;
/**
 * One player per level and seat, kept between requests: the strong level
 * follows the Movement Phase plan it made (it plans again whenever the
 * position is not the one its plan expects, after an undo for instance).
 */
const players = new Map<string, MpPolicy>();

function playerFor(level: string, seat: string): MpPolicy {
  const key = `${level}/${seat}`;
  let player = players.get(key);
  if (!player) {
    player = mpPolicy(level);
    if (!player) throw new Error(`no AI level "${level}"`);
    players.set(key, player);
  }
  return player;
}

/** The contexts a request is played under: the built-in rules data's, or the player's rules file's (compiled once). */
function contextsOf(rules: string | undefined): Contexts {
  if (rules === undefined) return builtIn;
  if (custom?.text !== rules) {
    const made = catalogWithRules(JSON.parse(rules));
    if (!made.ok) throw new Error(made.error.message);
    custom = { text: rules, contexts: contextCache(musketAndPike(made.value)) };
  }
  return custom.contexts;
}

/** The optional rules in force live in the position, not the context: one context serves every game of a scenario. */
function contextOf(scenario: string, rules: string | undefined): GameContext {
  const ctx = contextsOf(rules)({ scenario, options: { optionalRules: [] } });
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}

/** The worker's global scope, typed for what is used of it (the DOM lib types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AiRequest>) => void) | null;
  postMessage(message: AiResponse): void;
};

scope.onmessage = (event: MessageEvent<AiRequest>) => {
  const req = event.data;
  let reply: AiResponse;
  try {
    const seat = actor(req.position);
    const policy = playerFor(req.level, `${req.scenario}/${seat}`);
    const action = policy.choose(contextOf(req.scenario, req.rules), req.position, createRng(req.seed));
    reply = { id: req.id, ok: true, action };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(reply);
};
