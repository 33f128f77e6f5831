import { chachaPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { apply } from "./apply.js";
import { autoDeploy } from "./deployment.js";
import { legalActions } from "./legal.js";
import { newGame } from "./new-game.js";
import { makeSavedGame, parseSavedGame, replay } from "./saved-game.js";
import { positionHash, serialisePosition } from "./state/parse.js";
import type { Position } from "./state/position.js";
import oldLocalSave from "./test-support/fixtures/save-0.2.0-local.json" with { type: "json" };
import oldOnlineSave from "./test-support/fixtures/save-0.2.0-online.json" with { type: "json" };
import { catalog, ctxFor, play } from "./test-support/setup.js";
import { ENGINE_VERSION, ENGINES_REPLAYED } from "./version.js";

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

  it("[4.1] a game opened from a secret PRNG state (online play) replays from that state, die for die", () => {
    const ctx = ctxFor("16.31");
    const opened = newGame(ctx, { seed: 0 });
    if (!opened.ok) throw new Error(opened.error.message);
    const secret = "0123456789abcdef0123456789abcdef";
    let position = { ...opened.value.position, prng: secret };
    const actions: Action[] = [];
    // Deploy and fight until a die has been rolled, so that the state matters.
    while (!actions.some((_, i) => i > 0) || position.prng === secret) {
      const action =
        position.phase === "deployment"
          ? (autoDeploy(ctx, position)[0] ?? { type: "end-phase" as const })
          : (legalActions(ctx, position).find((a) => a.type === "fire" || a.type === "resolve") ?? {
              type: "end-phase" as const,
            });
      const step = apply(ctx, position, action);
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
      actions.push(action);
      if (actions.length > 2000) throw new Error("no die rolled");
    }
    const save = makeSavedGame(ctx, { seed: 0, optionalRules: [] }, actions, position, undefined, secret);
    expect(save.prng).toBe(secret);
    const r = replay(catalog, save);
    expect(r.ok && r.value.hash).toBe(positionHash(position));
    // Without the state, the seed's own dice give another game.
    const { prng: _secret, ...bySeed } = save;
    expect(replay(catalog, bySeed).ok).toBe(false);
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
    expect(save.engine).toBe(ENGINE_VERSION);
    const future = replay(catalog, { ...save, engine: "9.0.0" });
    expect(!future.ok && future.error.kind).toBe("engine-version");
    expect(!future.ok && future.error.message).toContain("saved by engine 9.0.0");
    const { engine: _unnamed, ...older } = save;
    expect(replay(catalog, older).ok).toBe(true);
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

describe("saved games with dice rolled at the table", () => {
  it("[8.0] dice given from outside are saved with the action that used them and replay to the same hash", () => {
    const ctx = ctxFor("16.12");
    const opened = newGame(ctx, { seed: 1 });
    if (!opened.ok) throw new Error(opened.error.message);
    const actions: Action[] = [];
    let position = opened.value.position;
    while (position.phase === "deployment") {
      const deploy = [...autoDeploy(ctx, position), { type: "end-phase" } as const];
      position = play(ctx, position, ...deploy).position;
      actions.push(...deploy);
    }
    const shot = legalActions(ctx, position).find((a) => a.type === "fire");
    if (shot?.type !== "fire") throw new Error("Coutras opens with guns in range");
    const declared = apply(ctx, position, shot);
    if (!declared.ok) throw new Error(declared.error.message);
    const rolled = apply(
      ctx,
      declared.value.position,
      { type: "resolve", target: shot.target },
      { dice: [5] },
    );
    if (!rolled.ok) throw new Error(rolled.error.message);
    const all: Action[] = [...actions, shot, { type: "resolve", target: shot.target }];
    const save = makeSavedGame(ctx, { seed: 1, optionalRules: [] }, all, rolled.value.position, {
      [String(all.length - 1)]: [5],
    });
    expect(parseSavedGame(JSON.parse(JSON.stringify(save))).ok).toBe(true);
    const r = replay(catalog, save);
    expect(r.ok && r.value.hash).toBe(positionHash(rolled.value.position));
    // Without the record of the table's die the PRNG rolls instead, and the replay no longer matches.
    const { dice: _dropped, ...forgetful } = save;
    const wrong = replay(catalog, forgetful);
    expect(!wrong.ok && wrong.error.kind).toBe("hash-mismatch");
  });
});

/** Plays Coutras (16.12) from `prng`: deployment, then fire and melee at every chance, until `rolls` dice are rolled. */
function playFrom(prng: string, rolls: number) {
  const ctx = ctxFor("16.12");
  const opened = newGame(ctx, { seed: 0 });
  if (!opened.ok) throw new Error(opened.error.message);
  let position: Position = { ...opened.value.position, prng };
  const actions: Action[] = [];
  const dice: number[] = [];
  while (dice.length < rolls) {
    const legal = legalActions(ctx, position);
    const action =
      position.phase === "deployment"
        ? (autoDeploy(ctx, position)[0] ?? { type: "end-phase" as const })
        : (["resolve", "fire", "melee", "retreat", "advance", "no-advance"]
            .map((t) => legal.find((a) => a.type === t))
            .find((a) => a !== undefined) ?? { type: "end-phase" as const });
    const step = apply(ctx, position, action);
    if (!step.ok) throw new Error(step.error.message);
    for (const e of step.value.events) if (e.type === "die-rolled") dice.push(e.value);
    position = step.value.position;
    actions.push(action);
    if (actions.length > 3000) throw new Error("too few dice rolled");
  }
  const save = makeSavedGame(ctx, { seed: 0, optionalRules: [] }, actions, position, undefined, prng);
  return { position, actions, dice, save };
}

describe("saved games name their dice's generator", () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);

  it("an online game's dice from a secret ChaCha20 key replay from the revealed key, die for die", () => {
    const secret = chachaPrng(key);
    const { position, dice, save } = playFrom(secret, 12);
    expect(save.generator).toBe("chacha20");
    expect(save.prng).toBe(secret);
    expect(position.prng).toMatch(/^chacha20:[0-9a-f]{64}:[1-9a-f][0-9a-f]*$/);
    const parsed = parseSavedGame(JSON.parse(JSON.stringify(save)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = replay(catalog, parsed.value);
    expect(r.ok && r.value.hash).toBe(positionHash(position));
    if (!r.ok) return;
    expect(r.value.events.flatMap((e) => (e.type === "die-rolled" ? [e.value] : []))).toEqual(dice);
    // Another key rolls other dice: the game no longer replays to its hash.
    const other = chachaPrng(key.map((b, i) => (i === 0 ? b ^ 1 : b)));
    expect(replay(catalog, { ...save, prng: other }).ok).toBe(false);
  });

  it("a game from a seed is named xoshiro128**, as is one from a secret xoshiro128** state", () => {
    const { save } = record("16.31", 9);
    expect(save.generator).toBe("xoshiro128**");
    const xoshiro = playFrom("0123456789abcdef0123456789abcdef", 3).save;
    expect(xoshiro.generator).toBe("xoshiro128**");
    expect(replay(catalog, xoshiro).ok).toBe(true);
  });

  it("a save whose generator is not its opening state's is refused, parsed or not", () => {
    const chacha = playFrom(chachaPrng(key), 3).save;
    const xoshiro = playFrom("0123456789abcdef0123456789abcdef", 3).save;
    const { generator: _dropped, ...unnamed } = chacha;
    const local = record("16.31", 9).save;
    for (const bad of [
      { ...chacha, generator: "xoshiro128**" as const },
      unnamed,
      { ...xoshiro, generator: "chacha20" as const },
      { ...local, generator: "chacha20" as const },
    ]) {
      const parsed = parseSavedGame(JSON.parse(JSON.stringify(bad)));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.issues.map((i) => i.path)).toEqual(["generator"]);
        expect(parsed.error.message).toMatch(/generator .*but opens from/);
      }
      const replayed = replay(catalog, bad);
      expect(!replayed.ok && replayed.error.kind).toBe("data");
      expect(!replayed.ok && replayed.error.message).toMatch(/generator/);
    }
    // A malformed state is refused by its form, whatever the generator says.
    for (const prng of [`${chacha.prng}0`, "chacha20:00:0", "0".repeat(32)]) {
      const parsed = parseSavedGame({ ...chacha, prng });
      expect(!parsed.ok && parsed.error.issues.some((i) => i.path === "prng")).toBe(true);
    }
  });

  it("[4.1] [7.3] saves made by engines 0.2.0 and 0.3.0 are refused, naming the line-of-sight change", () => {
    // Their hilltop-to-hilltop fire across woods, villages or hilltops is illegal since 0.4.0.
    expect(ENGINES_REPLAYED).toEqual([ENGINE_VERSION]);
    for (const old of [oldLocalSave, oldOnlineSave, { ...oldLocalSave, engine: "0.3.0" }]) {
      const parsed = parseSavedGame(old);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const r = replay(catalog, parsed.value);
      expect(!r.ok && r.error.kind).toBe("engine-version");
      expect(!r.ok && r.error.message).toContain(
        `saved by engine ${old.engine}; this is engine ${ENGINE_VERSION}`,
      );
      expect(!r.ok && r.error.message).toContain("hilltop to hilltop");
      expect(!r.ok && r.error.message).toContain("errata to 7.3");
    }
  });
});
