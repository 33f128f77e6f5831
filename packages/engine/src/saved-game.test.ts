import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { autoDeploy } from "./deployment.js";
import { newGame } from "./new-game.js";
import { makeSavedGame, parseSavedGame, replay } from "./saved-game.js";
import { positionHash, serialisePosition } from "./state/parse.js";
import { catalog, ctxFor, play } from "./test-support/setup.js";

function record(scenario: string, seed: number) {
  const ctx = ctxFor(scenario);
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  const doing = (...as: Action[]) => {
    position = play(ctx, position, ...as).position;
    actions.push(...as);
  };
  while (position.phase === "deployment") doing(...autoDeploy(ctx, position), { type: "end-phase" });
  doing({ type: "end-phase" });
  return { ctx, position, actions, save: makeSavedGame(ctx, { seed, optionalRules: [] }, actions, position) };
}

describe("saved games", () => {
  it("[4.1] a saved game is a scenario, options, seed and action log that replays to the same hash", () => {
    const { position, save } = record("16.32", 77);
    const r = replay(catalog, save);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.hash).toBe(positionHash(position));
    expect(serialisePosition(r.value.final)).toBe(serialisePosition(position));
  });

  it("survives a trip through JSON text", () => {
    const { save } = record("16.24", 3);
    const parsed = parseSavedGame(JSON.parse(JSON.stringify(save)));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(replay(catalog, parsed.value).ok).toBe(true);
  });

  it("refuses a game saved under other rules data, an illegal action and a wrong final hash", () => {
    const { save } = record("16.31", 5);
    const other = replay(catalog, { ...save, rules: { version: "printed", hash: "0000000000000001" } });
    expect(!other.ok && other.error.kind).toBe("rules-version");
    const illegal = replay(catalog, {
      ...save,
      actions: [...save.actions, { type: "deploy", unit: "B-MP01", hex: "0101" }],
    });
    expect(!illegal.ok && illegal.error.kind === "illegal-action" && illegal.error.index).toBe(
      save.actions.length,
    );
    const tampered = replay(catalog, { ...save, finalHash: "0123456789abcdef" });
    expect(!tampered.ok && tampered.error.kind).toBe("hash-mismatch");
  });

  it("names the bad field of a malformed save", () => {
    const r = parseSavedGame({
      format: "tercio/save@1",
      scenario: "16.31",
      seed: -4,
      actions: [{ type: "fly" }],
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.issues.map((i) => i.path)).toEqual(
        expect.arrayContaining(["rules", "seed", "actions[0].type"]),
      );
  });
});
