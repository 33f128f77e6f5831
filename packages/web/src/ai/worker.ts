import "../jitless.js";
import { type AnyPolicy, findPolicy } from "@tercio/ai";
import { contextCache } from "@tercio/core";
import { loadSystem } from "@tercio/systems";
import { answer, type Held, type Loaded } from "./answer.js";
import type { AiRequest, AiResponse, AiWarmUp } from "./protocol.js";

/**
 * The AI runs here, off the page's thread, so the board never freezes while
 * it thinks. It answers one request at a time with one legal action, for any
 * system with AI levels.
 */
/** Each system under its built-in rules data, and under the player's rules file (the last one used). */
const builtIn = new Map<string, Loaded>();
let custom: { readonly key: string; readonly loaded: Loaded } | undefined;

function load(id: string, rules: string | undefined): Loaded {
  if (rules === undefined) {
    const known = builtIn.get(id);
    if (known) return known;
  } else if (custom?.key === `${id}\n${rules}`) return custom.loaded;
  const system = loadSystem(id, rules === undefined ? undefined : JSON.parse(rules));
  if (!system.ok) throw new Error(system.error.message);
  const loaded = { system: system.value, contexts: contextCache(system.value) };
  if (rules === undefined) builtIn.set(id, loaded);
  else custom = { key: `${id}\n${rules}`, loaded };
  return loaded;
}

/**
 * One player per system, level and seat, kept between requests: a strong
 * level follows the plan it made (it plans again whenever the position is
 * not the one its plan expects, after an undo for instance).
 */
const players = new Map<string, AnyPolicy>();

function playerFor(system: string, level: string, seat: string): AnyPolicy {
  const key = `${system}/${level}/${seat}`;
  let player = players.get(key);
  if (!player) {
    player = findPolicy(system, level);
    if (!player) throw new Error(`${system} has no AI level "${level}"`);
    players.set(key, player);
  }
  return player;
}

/** The worker's global scope, typed for what is used of it (the DOM lib types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AiRequest | AiWarmUp>) => void) | null;
  postMessage(message: AiResponse): void;
};

/** The position after the last answer, for a request that continues it (answer.ts). */
let held: Held | undefined;

scope.onmessage = (event: MessageEvent<AiRequest | AiWarmUp>) => {
  const data = event.data;
  if ("warmUp" in data) {
    try {
      load(data.warmUp, undefined);
    } catch {
      // Nothing to answer here: the same failure is told at the first question, with its id.
    }
    return;
  }
  const done = answer(data, load, playerFor, held);
  held = done.held;
  scope.postMessage(done.reply);
};
