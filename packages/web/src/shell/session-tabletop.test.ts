import { type Action, horseAndMusket } from "@tercio/horse-and-musket-ch11";
import { musketAndPike } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import {
  act,
  activeActions,
  type Game,
  type LocalSetup,
  startGame,
  toAct,
  toSavedGame,
  undo,
  undoRefusal,
} from "./session.js";
import { restoreGame, toStoredGame } from "./stored-game.js";

/**
 * The shared session with a tabletop system: the same start, act, undo,
 * save and restore that Musket & Pike uses, through RuleSystem alone.
 */
const HUMANS = { first: { kind: "human" }, second: { kind: "human" } } as const;
const SETUP: LocalSetup = {
  system: horseAndMusket.id,
  scenario: horseAndMusket.scenarios()[0]?.id ?? "",
  options: {},
  seed: 7,
  controllers: HUMANS,
  undo: true,
};

function start(setup: Partial<LocalSetup> = {}) {
  const r = startGame(horseAndMusket, { ...SETUP, ...setup });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function play<C, P, E>(game: Game<C, P, Action, E>, action: Action): Game<C, P, Action, E> {
  const r = act(game, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`);
  return r.value;
}

/** The first offered move of the seat to act (a step the system lists: a sample move). */
function firstMove(game: ReturnType<typeof start>): Action {
  const move = horseAndMusket.legalActions(game.ctx, game.position).find((a) => a.type === "move");
  if (!move) throw new Error("no move offered");
  return move;
}

/** Ends phases until a shot is offered, then shoots: a die is rolled. */
function untilShot(game: ReturnType<typeof start>) {
  let g = game;
  for (let i = 0; i < 40; i++) {
    const shot = horseAndMusket.legalActions(g.ctx, g.position).find((a) => a.type === "shoot");
    if (shot) return play(g, shot);
    const move = horseAndMusket
      .legalActions(g.ctx, g.position)
      .find((a) => a.type === "move" && a.program.some((o) => o.op === "advance"));
    g = play(g, g.position.phase === "movement" && move && i % 2 === 0 ? move : { type: "end-phase" });
  }
  throw new Error("no shot offered in 40 actions");
}

describe("a chapter-11 game in the shared session", () => {
  it("[004 Sequence of Play] starts at the scenario's opening: the first side to move, no action yet", () => {
    const game = start();
    expect(game.setup.system).toBe("horse-and-musket-ch11");
    expect(game.position).toBe(game.opening);
    expect(toAct(game)).toEqual({ side: game.position.toMove, controller: { kind: "human" } });
    expect(game.position.phase).toBe("movement");
  });

  it("refuses a setup of another system, and an unknown scenario, with the reason", () => {
    expect(startGame(horseAndMusket, { ...SETUP, system: "musket-and-pike" }).ok).toBe(false);
    const r = startGame(horseAndMusket, { ...SETUP, scenario: "no-such-table" });
    expect(!r.ok && r.error.kind).toBe("setup");
  });

  it("[004 Movement] takes back a move (no die rolled), keeping it in the log as undone", () => {
    const game = start();
    const moved = play(game, firstMove(game));
    expect(moved.entries[0]?.rolled).toBe(false);
    expect(undoRefusal(moved, moved.entries[0]?.side ?? "first")).toBeUndefined();
    const back = undo(moved, moved.entries[0]?.side ?? "first");
    expect(back.position).toBe(game.opening);
    expect(back.entries[0]?.undone).toBe(true);
    expect(activeActions(back)).toEqual([]);
  });

  it("[004 Shooting: Assess Casualties] a shot rolls a die, and the roll closes the undo window", () => {
    const shot = untilShot(start());
    expect(shot.entries.at(-1)?.rolled).toBe(true);
    expect(undoRefusal(shot, shot.entries.at(-1)?.side ?? "first")).toMatch(/die has been rolled/);
    expect(undo(shot, shot.entries.at(-1)?.side ?? "first")).toBe(shot);
  });

  it("saves (naming the system) and restores to the same position, hash for hash", () => {
    const shot = untilShot(start());
    const save = toSavedGame(shot);
    expect(save.system).toBe("horse-and-musket-ch11");
    expect(save.engine).toBe(horseAndMusket.version);
    const back = restoreGame(horseAndMusket, JSON.parse(JSON.stringify(save)), {
      controllers: HUMANS,
      undo: true,
    });
    if (!back.ok) throw new Error(back.error.message);
    expect(horseAndMusket.hash(back.value.position)).toBe(horseAndMusket.hash(shot.position));
    expect(back.value.entries.map((e) => e.rolled)).toEqual(shot.entries.map((e) => e.rolled));
  });

  it("restores a stored game with its undone actions in place, and its players", () => {
    const game = start({
      controllers: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } },
    });
    const moved = play(game, firstMove(game));
    const undone = undo(moved, moved.entries[0]?.side ?? "first");
    const again = play(undone, firstMove(undone));
    const stored = JSON.parse(JSON.stringify(toStoredGame(again)));
    const back = restoreGame(horseAndMusket, stored, { controllers: HUMANS, undo: false });
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.entries.map((e) => e.undone)).toEqual([true, false]);
    expect(back.value.setup.controllers.second).toEqual({ kind: "ai", level: "greedy" });
    expect(back.value.setup.undo).toBe(true);
    expect(horseAndMusket.hash(back.value.position)).toBe(horseAndMusket.hash(again.position));
  });

  it("refuses a save of another system, an edited save, and a save whose action is not the system's", () => {
    const moved = play(start(), firstMove(start()));
    const save = toSavedGame(moved);
    const other = restoreGame(musketAndPike(), save, { controllers: HUMANS, undo: true });
    expect(!other.ok && other.error.message).toMatch(/horse-and-musket-ch11/);
    const edited = restoreGame(
      horseAndMusket,
      { ...save, finalHash: "0".repeat(16) },
      { controllers: HUMANS, undo: true },
    );
    expect(!edited.ok && edited.error.message).toMatch(/replay ends at position/);
    const alien = restoreGame(
      horseAndMusket,
      { ...save, actions: [{ type: "deploy", unit: "x", hex: "0101" }] },
      { controllers: HUMANS, undo: true },
    );
    expect(!alien.ok && alien.error.kind).toBe("file");
    const junk = restoreGame(
      horseAndMusket,
      { format: "tercio/save@1" },
      { controllers: HUMANS, undo: true },
    );
    expect(!junk.ok && junk.error.message).toMatch(/Not a Tercio saved game/);
  });
});
