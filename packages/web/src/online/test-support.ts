import { createRng, greedyPolicy, hm11GreedyPolicy, type Policy, type PolicyRng } from "@tercio/ai";
import {
  chachaPrng,
  type Hashing,
  makeSave,
  publicHash,
  type RuleSystem,
  type Seat,
  valueHasher,
} from "@tercio/core";
import {
  type Action as Hm11Action,
  type Ctx as Hm11Ctx,
  type GameEvent as Hm11Event,
  type Position as Hm11Position,
  horseAndMusket,
} from "@tercio/horse-and-musket-ch11";
import {
  type Action,
  type GameContext,
  type GameEvent,
  musketAndPike,
  type Position,
} from "@tercio/musket-and-pike";

import type { GameInfo } from "@tercio/protocol";
import { catalog, movementPhase } from "../systems/musket-and-pike/test-support.js";
import type { EventMessage, SnapshotMessage } from "./replica.js";

/**
 * A stand-in for the online server in the headless tests (not shipped: only
 * tests import this file), for a game of any rule system. It holds the real
 * position, dice and all, rolls from the position's own generator as the
 * server does, and speaks the protocol's messages: events with the dice
 * rolled and the public hash, snapshots as the system's plain JSON with the
 * dice state hidden.
 */
export class FakeServerGame<C, P, A, E> {
  seq = 0;
  private readonly rngs: Record<Seat, PolicyRng> = { first: createRng(1), second: createRng(2) };
  /** Every action played, in order: the log the revealed save holds. */
  readonly actions: A[] = [];
  /** How the game's public hashes are made: structural, as the server's new games (hash format 3). */
  hashing: Hashing = "structural";

  constructor(
    readonly system: RuleSystem<C, P, A, E, unknown>,
    readonly ctx: C,
    public position: P,
    private readonly policy: Policy<C, P, A>,
    /** The secret opening dice state, when the game was opened here (not joined mid-way): its save can be revealed. */
    private readonly openingPrng?: string,
  ) {}

  /** A game opened as the server opens one: its dice from a secret ChaCha20 key. */
  static opened<C, P, A, E>(
    system: RuleSystem<C, P, A, E, unknown>,
    setup: unknown,
    policy: Policy<C, P, A>,
    key = 7,
  ): FakeServerGame<C, P, A, E> {
    const parsed = system.parseSetup(setup);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const ctx = system.context(parsed.value);
    if (!ctx.ok) throw new Error(ctx.error.message);
    const prng = chachaPrng(new Uint8Array(32).fill(key));
    const opened = system.open(ctx.value, parsed.value, prng);
    if (!opened.ok) throw new Error(opened.error.message);
    return new FakeServerGame(system, ctx.value, opened.value.position, policy, prng);
  }

  /** Musket & Pike's Brentford (16.31) from its opening (dealt as the server deals), or from the First Player's first Movement Phase. */
  static start(
    at: "opening" | "movement" = "movement",
  ): FakeServerGame<GameContext, Position, Action, GameEvent> {
    const system = musketAndPike(catalog);
    if (at === "opening") return FakeServerGame.opened(system, { scenario: "16.31" }, greedyPolicy);
    const { ctx, position } = movementPhase();
    return new FakeServerGame(system, ctx, position, greedyPolicy);
  }

  /** A chapter-11 game from a scenario's opening, its dice from a secret key as the server's. */
  static tabletop(
    scenario = "meeting-engagement",
    key = 5,
  ): FakeServerGame<Hm11Ctx, Hm11Position, Hm11Action, Hm11Event> {
    return FakeServerGame.opened(horseAndMusket, { scenario, options: {} }, hm11GreedyPolicy, key);
  }

  /** The seat to act now. */
  get side(): Seat {
    const side = this.system.toAct(this.position);
    if (side === null) throw new Error("the game is over");
    return side;
  }

  /** A position's public hash as this game's snapshots and events give it (its `hashing`). */
  publicHashOf(position: P = this.position): string {
    return publicHash(this.system, position, valueHasher(this.hashing));
  }

  /** Applies one action with the server's dice and returns the event the server would send. */
  play(action: A): EventMessage {
    const side = this.side;
    const step = this.system.apply(this.ctx, this.position, action);
    if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.message}`);
    this.position = step.value.position;
    this.actions.push(action);
    this.seq += 1;
    return {
      type: "event",
      seq: this.seq,
      side,
      action: wire(action),
      dice: step.value.dice,
      hash: this.publicHashOf(step.value.position),
    };
  }

  /** The greedy player's next action for the side to act. */
  nextAction(): A {
    return this.policy.choose(this.ctx, this.position, this.rngs[this.side]);
  }

  /** Plays greedy actions until one rolls a die (bounded), returning every event on the way. */
  playUntilRoll(max = 400): EventMessage[] {
    const out: EventMessage[] = [];
    for (let i = 0; i < max; i++) {
      const e = this.play(this.nextAction());
      out.push(e);
      if (e.dice.length > 0) return out;
    }
    throw new Error(`no die rolled in ${max} actions`);
  }

  /** The save the server reveals once the game is over: the opening key and the first `count` actions. */
  save(count = this.actions.length): unknown {
    if (this.openingPrng === undefined) throw new Error("a game joined mid-way has no save");
    let final = this.position;
    if (count < this.actions.length) {
      const setup = this.system.setupOf(this.ctx, this.position);
      const opened = this.system.open(this.ctx, setup, this.openingPrng);
      if (!opened.ok) throw new Error(opened.error.message);
      final = opened.value.position;
      for (const a of this.actions.slice(0, count)) {
        const step = this.system.apply(this.ctx, final, a);
        if (!step.ok) throw new Error(step.error.message);
        final = step.value.position;
      }
    }
    return wire(
      makeSave(this.system, {
        setup: this.system.setupOf(this.ctx, this.position),
        seed: 0,
        openingPrng: this.openingPrng,
        actions: this.actions.slice(0, count),
        final,
      }),
    );
  }

  snapshot(reason: SnapshotMessage["reason"] = "join"): SnapshotMessage {
    return {
      type: "snapshot",
      seq: this.seq,
      // What goes over the wire: JSON text, parsed back by the client.
      position: wire(this.system.makePosition(this.system.publicView(this.position))),
      hash: this.publicHashOf(),
      hashing: this.hashing,
      reason,
    };
  }
}

/** A value as it arrives from the wire: JSON text parsed back. */
export function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

export const GAME_ID = "Vq3x-7_aB0cD9eFg";

/** The server's public face of the fake server's game, as the welcome and the lobby give it. */
export function gameInfo<C, P, A, E>(
  server: FakeServerGame<C, P, A, E>,
  patch: Partial<GameInfo> = {},
): GameInfo {
  const { system, ctx, position } = server;
  const { scenario } = system.setupOf(ctx, position);
  const status = system.status(ctx, position);
  return {
    id: GAME_ID,
    system: system.id,
    systemTitle: system.title,
    version: system.version,
    scenario,
    scenarioName: system.scenarios().find((s) => s.id === scenario)?.name ?? scenario,
    options: {},
    seatNames: { first: system.seatName(ctx, "first"), second: system.seatName(ctx, "second") },
    seats: { first: { kind: "human", connected: true }, second: { kind: "ai", level: "greedy" } },
    status: system.toAct(position) === null ? "over" : "playing",
    seq: server.seq,
    turn: system.toAct(position),
    progress: { turn: status.turn, phase: status.phase, text: status.text },
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    rules: { version: system.rules.version, hash: system.rules.hash },
    ...patch,
  };
}
