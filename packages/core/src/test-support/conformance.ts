import { expect, it } from "vitest";
import { canonicalJson } from "../canonical.js";
import { isFace } from "../dice.js";
import { nextUint32, type PrngState, seedPrng } from "../prng.js";
import type { RuleSystem } from "../rule-system.js";
import { makeSave, parseSave, replaySave } from "../saved-game.js";

/**
 * The conformance suite every rule system must pass (chessops' round trip
 * and perft idea, made generic). Call it inside a `describe` in the
 * system's own `conformance.test.ts`: it checks, over random games from the
 * given setups,
 *
 * - positions survive a make-and-parse round trip, hash and all;
 * - every action the system offers is accepted;
 * - random play keeps the system's own invariants and ends with a result;
 * - a saved game replays to its recorded hash, and one edited is refused;
 * - the public view hides only the dice: two games opened from different
 *   generator states look the same, and replaying each action on the
 *   public view with the dice it rolled reaches the public view of the
 *   true position;
 * - nobody is to act exactly when the game has a result.
 */
export interface ConformanceCase<C, P, A, E, O> {
  readonly system: RuleSystem<C, P, A, E, O>;
  /** Raw setups (scenario and options), as a host would send them. */
  readonly setups: readonly unknown[];
  /** Seeds for the random games (one game per setup and seed). */
  readonly seeds: readonly number[];
  /** A game that has not ended after this many actions fails. */
  readonly maxActions: number;
  /**
   * Picks the action to play from those offered (a system may bias it so
   * that random games end, e.g. by ending phases often); uniform by default.
   */
  readonly choose?: (offered: readonly A[], roll: number) => A;
  /** The system's invariants: every way a position breaks them, empty when none. */
  readonly invariants?: (ctx: C, position: P) => readonly string[];
  /** Check the round trip and offered actions at every n-th position (all of them by default). */
  readonly every?: number;
  /** Milliseconds each check may take (vitest's default is 5 s). */
  readonly timeout?: number;
}

interface Played<C, P, A> {
  readonly ctx: C;
  readonly setup: unknown;
  readonly seed: number;
  readonly positions: readonly P[];
  readonly actions: readonly A[];
  readonly dice: readonly (readonly number[])[];
}

function uniform<A>(offered: readonly A[], roll: number): A {
  return offered[roll % offered.length] as A;
}

function randomGame<C, P, A, E, O>(
  k: ConformanceCase<C, P, A, E, O>,
  raw: unknown,
  seed: number,
): Played<C, P, A> {
  const { system } = k;
  const setup = system.parseSetup(raw);
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = system.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = system.open(ctx.value, setup.value, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const positions: P[] = [position];
  const actions: A[] = [];
  const dice: (readonly number[])[] = [];
  let picker: PrngState = seedPrng(seed ^ 0x5bd1e995);
  const choose = k.choose ?? uniform;
  while (system.toAct(position) !== null && actions.length < k.maxActions) {
    const offered = system.legalActions(ctx.value, position);
    if (offered.length === 0)
      throw new Error(`nothing is offered at action ${actions.length + 1}, yet someone is to act`);
    const roll = nextUint32(picker);
    picker = roll.state;
    const action = choose(offered, roll.value);
    const step = system.apply(ctx.value, position, action);
    if (!step.ok)
      throw new Error(`an offered action was refused: ${JSON.stringify(action)}: ${step.error.message}`);
    position = step.value.position;
    positions.push(position);
    actions.push(action);
    dice.push(step.value.dice);
  }
  return { ctx: ctx.value, setup: setup.value, seed, positions, actions, dice };
}

export function conformanceSuite<C, P, A, E, O>(k: ConformanceCase<C, P, A, E, O>): void {
  const { system } = k;
  const games = new Map<string, Played<C, P, A>>();
  const game = (raw: unknown, seed: number): Played<C, P, A> => {
    const key = `${canonicalJson(raw)}#${seed}`;
    let g = games.get(key);
    if (!g) {
      g = randomGame(k, raw, seed);
      games.set(key, g);
    }
    return g;
  };
  const each = (f: (g: Played<C, P, A>) => void) => {
    for (const raw of k.setups) for (const seed of k.seeds) f(game(raw, seed));
  };
  const sampled = <T>(list: readonly T[]): T[] => list.filter((_, i) => i % (k.every ?? 1) === 0);

  it(
    `[conformance] ${system.id}: random play ends with a result, keeping the system's invariants`,
    () => {
      each((g) => {
        const final = g.positions.at(-1) as P;
        expect(system.result(final), `no result after ${g.actions.length} actions`).not.toBeNull();
        if (k.invariants)
          for (const [i, p] of g.positions.entries())
            expect(k.invariants(g.ctx, p), `position ${i} of seed ${g.seed}`).toEqual([]);
      });
    },
    k.timeout,
  );

  it(
    `[conformance] ${system.id}: nobody is to act exactly when the game has a result`,
    () => {
      each((g) => {
        for (const p of g.positions) expect(system.toAct(p) === null).toBe(system.result(p) !== null);
      });
    },
    k.timeout,
  );

  it(
    `[conformance] ${system.id}: positions survive a make-and-parse round trip`,
    () => {
      each((g) => {
        for (const p of sampled(g.positions)) {
          const json = JSON.parse(JSON.stringify(system.makePosition(p))) as unknown;
          const back = system.parsePosition(json);
          if (!back.ok) throw new Error(back.error.message);
          expect(system.hash(back.value.position)).toBe(system.hash(p));
          expect(canonicalJson(system.makePosition(back.value.position))).toBe(
            canonicalJson(system.makePosition(p)),
          );
        }
      });
    },
    k.timeout,
  );

  it(
    `[conformance] ${system.id}: every offered action is accepted, and its dice are the system's faces`,
    () => {
      each((g) => {
        for (const p of sampled(g.positions)) {
          if (system.toAct(p) === null) continue;
          for (const action of system.legalActions(g.ctx, p)) {
            const step = system.apply(g.ctx, p, action);
            if (!step.ok)
              throw new Error(`offered but refused: ${JSON.stringify(action)}: ${step.error.message}`);
            for (const d of step.value.dice) expect(isFace(system.dice, d)).toBe(true);
          }
        }
      });
    },
    k.timeout,
  );

  it(
    `[conformance] ${system.id}: a saved game replays to its recorded hash; an edited one is refused`,
    () => {
      each((g) => {
        const final = g.positions.at(-1) as P;
        const setup = system.setupOf(g.ctx, final);
        const save = makeSave(system, { setup, seed: g.seed, actions: g.actions, final });
        const parsed = parseSave(JSON.parse(JSON.stringify(save)));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const replayed = replaySave(system, parsed.value);
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(replayed.value.hash).toBe(system.hash(final));
        // Another seed is another game: its dice, or at least its generator's state, end elsewhere.
        expect(replaySave(system, { ...parsed.value, seed: (g.seed + 1) % 0x100000000 }).ok).toBe(false);
        expect(replaySave(system, { ...parsed.value, system: "another-system" }).ok).toBe(false);
        expect(replaySave(system, { ...parsed.value, engine: "0.0.0-never" }).ok).toBe(false);
      });
    },
    k.timeout,
  );

  it(
    `[conformance] ${system.id}: the public view hides only the dice`,
    () => {
      each((g) => {
        const setup = system.parseSetup(g.setup);
        if (!setup.ok) throw new Error(setup.error.message);
        const a = system.open(g.ctx, setup.value, seedPrng(1));
        const b = system.open(g.ctx, setup.value, seedPrng(2));
        if (!a.ok || !b.ok) throw new Error("the setup does not open");
        expect(system.hash(system.publicView(a.value.position))).toBe(
          system.hash(system.publicView(b.value.position)),
        );
        let view = system.publicView(g.positions[0] as P);
        for (const [i, action] of g.actions.entries()) {
          const step = system.apply(g.ctx, view, action, g.dice[i]);
          if (!step.ok) throw new Error(`the public view refuses action ${i + 1}: ${step.error.message}`);
          view = step.value.position;
          expect(system.hash(system.publicView(view))).toBe(
            system.hash(system.publicView(g.positions[i + 1] as P)),
          );
        }
      });
    },
    k.timeout,
  );
}
