import { type Action, autoDeploy, defaultCatalog } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { actionWords } from "../systems/musket-and-pike/action-words.js";
import { type MpGame, restoreMpGame, startMpGame } from "../systems/musket-and-pike/game.js";
import { playGame } from "../systems/musket-and-pike/test-support.js";
import { type LogWords, logRows } from "./log-rows.js";
import { undo } from "./session.js";
import { toStoredGame } from "./stored-game.js";

const catalog = defaultCatalog();
const DEFAULTS = {
  controllers: { first: { kind: "human" }, second: { kind: "human" } },
  undo: true,
} as const;
const WORDS: LogWords = { kindOf: () => undefined, actionWords: (a) => actionWords(a as Action) };

function start(): MpGame {
  const r = startMpGame(catalog, { scenario: "brentford", seed: 1, optionalRules: [], ...DEFAULTS });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Three deployments, the last one undone. */
function withUndone(): MpGame {
  const game = start();
  const [a, b, c] = autoDeploy(game.ctx, game.position) as [Action, Action, Action];
  return undo(playGame(game, a, b, c), "first");
}

const texts = (g: MpGame, upTo?: number) =>
  logRows(g, WORDS, "all", "", upTo).map((r) => ({
    action: r.action,
    undone: r.undone,
    text: r.lines.map((l) => l.text).join(" / "),
  }));

describe("the log's entries", () => {
  it("numbers each action in force, the replay's step after it; the opening and undone actions have none", () => {
    const rows = texts(withUndone());
    expect(rows.map((r) => r.action)).toEqual([undefined, 1, 2, undefined]);
    expect(rows.map((r) => r.undone)).toEqual([false, false, false, true]);
  });

  it("[5.2G] writes an undone action as it read when played, also once restored from the autosave", () => {
    const game = withUndone();
    const opening = start();
    const played = texts(
      playGame(opening, ...(autoDeploy(opening.ctx, opening.position).slice(0, 3) as Action[])),
    );
    const undone = texts(game).at(-1);
    expect(undone?.text).toBe(played.at(-1)?.text);
    expect(undone?.text).toMatch(/deployed in \d{4}/);
    const restored = restoreMpGame(catalog, JSON.parse(JSON.stringify(toStoredGame(game))), DEFAULTS);
    if (!restored.ok) throw new Error(restored.error.message);
    expect(texts(restored.value)).toEqual(texts(game));
  });

  it("follows the replay: up to its step, without the undone actions", () => {
    const game = withUndone();
    expect(texts(game, 0).map((r) => r.action)).toEqual([undefined]);
    expect(texts(game, 1).map((r) => r.action)).toEqual([undefined, 1]);
    expect(texts(game, 2).map((r) => r.action)).toEqual([undefined, 1, 2]);
  });

  it("filters lines by their words, dropping entries left empty", () => {
    const game = withUndone();
    const hex = /deployed in (\d{4})/.exec(texts(game)[1]?.text ?? "")?.[1] ?? "none";
    const found = logRows(game, WORDS, "all", hex);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.lines.every((l) => l.text.includes(hex)))).toBe(true);
  });
});
