import "../jitless.js";
import { createRng, findPolicy } from "@tercio/ai";
import { defaultCatalog, type GameContext, gameContext } from "@tercio/engine";
import type { AiRequest, AiResponse } from "./protocol.js";

/**
 * The AI runs here, off the page's thread, so the board never freezes while
 * it thinks. It answers one request at a time with one legal action.
 */
const catalog = defaultCatalog();
const contexts = new Map<string, GameContext>();

function contextOf(scenario: string): GameContext {
  let ctx = contexts.get(scenario);
  if (!ctx) {
    const made = gameContext(catalog, scenario);
    if (!made.ok) throw new Error(made.error.message);
    ctx = made.value;
    contexts.set(scenario, ctx);
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
    const policy = findPolicy(req.level);
    if (!policy) throw new Error(`no AI level "${req.level}"`);
    const action = policy.choose(contextOf(req.scenario), req.position, createRng(req.seed));
    reply = { id: req.id, ok: true, action };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(reply);
};
