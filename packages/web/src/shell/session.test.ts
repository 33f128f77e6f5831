import { createRng, greedyPolicy, type PolicyRng } from "@tercio/ai";
import {
  type Action,
  actor,
  autoDeploy,
  defaultCatalog,
  ENGINE_VERSION,
  newGame,
  positionHash,
  UNDO_OFF_TEXT,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { type MpGame, type MpSetup, restoreMpGame, startMpGame } from "../systems/musket-and-pike/game.js";
import { playGame } from "../systems/musket-and-pike/test-support.js";
import { act, toAct, toSavedGame, undo, undoRefusal } from "./session.js";
import { toStoredGame } from "./stored-game.js";

const catalog = defaultCatalog();
const HUMANS: MpSetup["controllers"] = { first: { kind: "human" }, second: { kind: "human" } };
const DEFAULTS = { controllers: HUMANS, undo: true };

function start(setup: Partial<MpSetup> = {}): MpGame {
  const r = startMpGame(catalog, { scenario: "16.31", seed: 1, optionalRules: [], ...DEFAULTS, ...setup });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Both sides set up with autoDeploy; Game-Turn 1 begins. */
function deployed(game: MpGame): MpGame {
  let g = game;
  while (g.position.phase === "deployment")
    g = playGame(g, ...autoDeploy(g.ctx, g.position), { type: "end-phase" });
  return g;
}

/** Greedy against greedy until `done` holds (bounded, so a stalled game fails the test). */
function greedyUntil(game: MpGame, done: (g: MpGame) => boolean, max = 400): MpGame {
  const rngs: Record<"first" | "second", PolicyRng> = { first: createRng(1), second: createRng(2) };
  let g = game;
  for (let i = 0; i < max && !done(g); i++) {
    const side = actor(g.position);
    g = playGame(g, greedyPolicy.choose(g.ctx, g.position, rngs[side]));
  }
  if (!done(g)) throw new Error(`not reached after ${max} actions`);
  return g;
}

const lastRolled = (g: MpGame) => g.entries.at(-1)?.rolled === true;

describe("a game session", () => {
  it("[16.0] startGame gives the scenario's opening position, before any action", () => {
    const game = start({ scenario: "brentford" });
    expect(game.setup.scenario).toBe("16.31");
    expect(game.position).toBe(game.opening);
    expect(game.position).toMatchObject({ phase: "deployment", phasing: "first", gameTurn: 1 });
    expect(game.entries).toEqual([]);
    const opened = newGame(game.ctx, { seed: 1, optionalRules: [] });
    expect(opened.ok && positionHash(opened.value.position)).toBe(positionHash(game.position));
    expect(toAct(game)).toEqual({ side: "first", controller: { kind: "human" } });
  });

  it("[16.0] startGame refuses an unknown scenario", () => {
    const r = startMpGame(catalog, { scenario: "16.99", seed: 1, optionalRules: [], ...DEFAULTS });
    expect(!r.ok && r.error.kind).toBe("setup");
  });

  it("[16.0] act applies a legal action and records the side that took it and its events", () => {
    const game = start();
    const [deploy] = autoDeploy(game.ctx, game.position);
    if (deploy?.type !== "deploy") throw new Error("no deployment");
    const next = playGame(game, deploy);
    expect(next.entries).toHaveLength(1);
    expect(next.entries[0]).toMatchObject({ action: deploy, side: "first", rolled: false, undone: false });
    expect(next.entries[0]?.events).toContainEqual({
      type: "unit-deployed",
      unit: deploy.unit,
      hex: deploy.hex,
    });
    expect(next.position.stacks[deploy.hex]?.[0]).toBe(deploy.unit);
    expect(next.after).toEqual([next.position]);
    expect(game.entries).toEqual([]);
    expect(positionHash(game.position)).toBe(positionHash(game.opening));
  });

  it("[16.31] an action outside the deployment zone is refused with the engine's RuleError, game unchanged", () => {
    const game = start();
    const before = positionHash(game.position);
    const r = act(game, { type: "deploy", unit: "B-MP01", hex: "0101" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("deploy/outside-zone");
    expect(r.error.message).toMatch(/^16\.31: B-MP01 .*0101 is not/);
    expect(game.entries).toEqual([]);
    expect(positionHash(game.position)).toBe(before);
  });
});

describe("undo", () => {
  it("takes back the player's own last action, keeping it in the log as undone", () => {
    const game = start();
    const [a, b] = autoDeploy(game.ctx, game.position) as [Action, Action];
    const one = playGame(game, a);
    const two = playGame(one, b);
    expect(undoRefusal(two, "first")).toBeUndefined();
    const back = undo(two, "first");
    expect(positionHash(back.position)).toBe(positionHash(one.position));
    expect(back.entries.map((e) => e.undone)).toEqual([false, true]);
    expect(back.after[1]).toBeUndefined();
    const again = undo(back, "first");
    expect(positionHash(again.position)).toBe(positionHash(game.opening));
    expect(again.entries.map((e) => e.undone)).toEqual([true, true]);
    expect(undoRefusal(again, "first")).toBe("Nothing to take back.");
    // Play goes on after an undo: the new action follows the undone ones.
    const replayed = playGame(again, b);
    expect(replayed.entries.map((e) => e.undone)).toEqual([true, true, false]);
  });

  it("takes back a command of several actions (a formation's moves) whole, and only that command", () => {
    const game = start();
    const [a, b, c, d] = autoDeploy(game.ctx, game.position) as [Action, Action, Action, Action];
    const one = playGame(game, a);
    // b, c and d at one command (GameShell's performAll names it by its first entry's index).
    let g = one;
    for (const x of [b, c, d]) {
      const r = act(g, x, undefined, one.entries.length);
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
    }
    const back = undo(g, "first");
    expect(back.entries.map((e) => e.undone)).toEqual([false, true, true, true]);
    expect(positionHash(back.position)).toBe(positionHash(one.position));
    // The action before the command is its own: the next undo takes it alone.
    const again = undo(back, "first");
    expect(again.entries.map((e) => e.undone)).toEqual([true, true, true, true]);
    expect(positionHash(again.position)).toBe(positionHash(game.opening));
  });

  it("[5.2G] is refused when the undo option is off: a move once made stands", () => {
    const game = start({ undo: false });
    const one = playGame(game, ...autoDeploy(game.ctx, game.position).slice(0, 1));
    expect(undoRefusal(one, "first")).toBe("Undo is off in this game: a move once made stands.");
    expect(undoRefusal(one, "first", UNDO_OFF_TEXT)).toMatch(/5\.2\(G\)/);
    expect(undo(one, "first")).toBe(one);
  });

  it("is refused after an action that rolled a die", () => {
    const game = greedyUntil(deployed(start()), lastRolled);
    const last = game.entries.at(-1);
    if (!last) throw new Error("no action");
    expect(last.events.some((e) => e.type === "die-rolled")).toBe(true);
    expect(undoRefusal(game, last.side)).toMatch(/die has been rolled/);
    expect(undo(game, last.side)).toBe(game);
  });

  it("is refused for the other player's action", () => {
    const game = start();
    const done = playGame(game, ...autoDeploy(game.ctx, game.position), { type: "end-phase" });
    expect(done.entries.at(-1)?.side).toBe("first");
    expect(actor(done.position)).toBe("second");
    expect(undoRefusal(done, "second")).toMatch(/other player's/);
    expect(undo(done, "second")).toBe(done);
  });
});

describe("saving and restoring", () => {
  /** A game with an undone action in its history, some way into Game-Turn 1. */
  function history(): MpGame {
    let g = start({ controllers: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } } });
    const [a, b] = autoDeploy(g.ctx, g.position) as [Action, Action];
    g = undo(playGame(g, a, b), "first");
    return greedyUntil(deployed(g), lastRolled);
  }

  it("[4.1] a saved game restores to the same position", () => {
    const game = history();
    const r = restoreMpGame(catalog, JSON.parse(JSON.stringify(toSavedGame(game))), DEFAULTS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(positionHash(r.value.position)).toBe(positionHash(game.position));
    expect(r.value.entries).toHaveLength(game.entries.filter((e) => !e.undone).length);
    expect(r.value.setup.controllers).toEqual(HUMANS);
  });

  it("[4.1] a stored game keeps its undone actions and its setup", () => {
    const game = history();
    const r = restoreMpGame(catalog, JSON.parse(JSON.stringify(toStoredGame(game))), DEFAULTS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(positionHash(r.value.position)).toBe(positionHash(game.position));
    expect(r.value.entries.map((e) => e.undone)).toEqual(game.entries.map((e) => e.undone));
    expect(r.value.entries.map((e) => e.action)).toEqual(game.entries.map((e) => e.action));
    expect(r.value.entries.map((e) => e.side)).toEqual(game.entries.map((e) => e.side));
    expect(r.value.setup).toEqual(game.setup);
    expect(r.value.setup.controllers.second).toEqual({ kind: "ai", level: "greedy" });
  });

  it("[4.1] an action undone last is restored undone, and play goes on from before it", () => {
    const game = start({ undo: false });
    const [a, b] = autoDeploy(game.ctx, game.position) as [Action, Action];
    const taken = undo(playGame({ ...game, setup: { ...game.setup, undo: true } }, a, b), "first");
    const r = restoreMpGame(catalog, toStoredGame(taken), DEFAULTS);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.entries.map((e) => e.undone)).toEqual([false, true]);
    expect(positionHash(r.value.position)).toBe(positionHash(playGame(game, a).position));
    expect(r.value.setup.undo).toBe(true);
    expect(playGame(r.value, b).entries.map((e) => e.undone)).toEqual([false, true, false]);
  });

  it("refuses a game saved under other rules data", () => {
    const game = start();
    const save = toSavedGame(playGame(game, ...autoDeploy(game.ctx, game.position).slice(0, 2)));
    const other = { ...save, rules: { version: "printed", hash: "0000000000000001" } };
    const r = restoreMpGame(catalog, other, DEFAULTS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe("rules-version");
    expect(r.error.message).toContain("0000000000000001");
    const stored = restoreMpGame(catalog, { ...toStoredGame(game), save: other }, DEFAULTS);
    expect(!stored.ok && stored.error.kind).toBe("rules-version");
  });

  it("refuses a game saved by another engine, naming both", () => {
    const game = start();
    const save = toSavedGame(playGame(game, ...autoDeploy(game.ctx, game.position).slice(0, 2)));
    expect(save.engine).toBe(ENGINE_VERSION);
    const r = restoreMpGame(catalog, { ...save, engine: "9.9.9" }, DEFAULTS);
    expect(!r.ok && r.error.message).toContain(
      `saved by musket-and-pike 9.9.9; this is musket-and-pike ${ENGINE_VERSION}`,
    );
  });

  it("refuses what is not a saved game", () => {
    for (const json of [{}, "text", null, { format: "tercio/save@1" }, { format: "tercio/browser-game@1" }]) {
      const r = restoreMpGame(catalog, json, DEFAULTS);
      expect(!r.ok && r.error.kind).toBe("file");
    }
  });

  it("refuses a save whose actions are illegal, naming the action", () => {
    const game = start();
    const [a, b] = autoDeploy(game.ctx, game.position) as [Action, Action];
    const { finalHash: _, ...save } = toSavedGame(playGame(game, a, b));
    const bad = { ...save, actions: [a, b, { type: "deploy", unit: "B-MP01", hex: "0101" }] };
    const r = restoreMpGame(catalog, bad, DEFAULTS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe("replay");
    expect(r.error.message).toMatch(/^Action 3 of the saved game is illegal here: 16\.31:/);
  });

  it("refuses a save whose replay does not reach its recorded position", () => {
    const game = start();
    const save = toSavedGame(playGame(game, ...autoDeploy(game.ctx, game.position).slice(0, 2)));
    const r = restoreMpGame(catalog, { ...save, finalHash: positionHash(game.opening) }, DEFAULTS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe("replay");
    expect(r.error.message).toContain(positionHash(game.opening));
  });

  it("[4.1] the same setup and the same actions give byte-identical saves", () => {
    const a = greedyUntil(deployed(start({ seed: 7 })), lastRolled);
    const actions = a.entries.map((e) => e.action);
    const b = playGame(start({ seed: 7 }), ...actions);
    expect(JSON.stringify(toSavedGame(b))).toBe(JSON.stringify(toSavedGame(a)));
    expect(JSON.stringify(toStoredGame(b))).toBe(JSON.stringify(toStoredGame(a)));
  });

  it("replays an online game's save from its revealed opening PRNG state, and saves it again with it", () => {
    const prng = "0123456789abcdef0123456789abcdef";
    const a = greedyUntil(deployed(start({ prng })), lastRolled);
    expect(a.opening.prng).toBe(prng);
    const save = toSavedGame(a);
    expect(save.prng).toBe(prng);
    const r = restoreMpGame(catalog, save, DEFAULTS);
    if (!r.ok) throw new Error(r.error.message);
    expect(positionHash(r.value.position)).toBe(positionHash(a.position));
    expect(r.value.setup.prng).toBe(prng);
    expect(toSavedGame(r.value)).toEqual(save);
    // Without the revealed state the same actions roll other dice.
    const { prng: _hidden, ...seedOnly } = save;
    const other = restoreMpGame(catalog, seedOnly, DEFAULTS);
    expect(other.ok).toBe(false);
  });
});
