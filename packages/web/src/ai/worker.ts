import "../jitless.js";
import { createRng, findPolicy, type Policy } from "@tercio/ai";
import {
  type Catalog,
  catalogWithRules,
  defaultCatalog,
  type GameContext,
  gameContext,
} from "@tercio/musket-and-pike";
import type { AiRequest, AiResponse } from "./protocol.js";

/**
 * The AI runs here, off the page's thread, so the board never freezes while
 * it thinks. It answers one request at a time with one legal action.
 */
const builtIn = defaultCatalog();
let custom: { readonly text: string; readonly catalog: Catalog } | undefined;
const contexts = new Map<string, GameContext>();
/**
 * One player per level and seat, kept between requests: the strong level
 * follows the Movement Phase plan it made (it plans again whenever the
 * position is not the one its plan expects, after an undo for instance).
 */
const players = new Map<string, Policy>();

function playerFor(level: string, seat: string): Policy {
  const key = `${level}/${seat}`;
  let player = players.get(key);
  if (!player) {
    player = findPolicy(level);
    if (!player) throw new Error(`no AI level "${level}"`);
    players.set(key, player);
  }
  return player;
}

/** The catalog a request is played under: the built-in one, or the player's rules file (compiled once). */
function catalogOf(rules: string | undefined): Catalog {
  if (rules === undefined) return builtIn;
  if (custom?.text !== rules) {
    const made = catalogWithRules(JSON.parse(rules));
    if (!made.ok) throw new Error(made.error.message);
    custom = { text: rules, catalog: made.value };
  }
  return custom.catalog;
}

function contextOf(scenario: string, rules: string | undefined): GameContext {
  const catalog = catalogOf(rules);
  const key = `${catalog.rules.hash}/${scenario}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    const made = gameContext(catalog, scenario);
    if (!made.ok) throw new Error(made.error.message);
    ctx = made.value;
    contexts.set(key, ctx);
  }
  return ctx;
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
    const seat = req.position.decision?.side ?? req.position.phasing;
    const policy = playerFor(req.level, `${req.scenario}/${seat}`);
    const action = policy.choose(contextOf(req.scenario, req.rules), req.position, createRng(req.seed));
    reply = { id: req.id, ok: true, action };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(reply);
};
