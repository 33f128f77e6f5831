import { createRng, greedyPolicy, type PolicyRng } from "@tercio/ai";
import {
  type Action,
  actor,
  apply,
  diceOf,
  type GameContext,
  type Position,
  publicHash,
  publicView,
  serialisePosition,
} from "@tercio/musket-and-pike";

import { movementPhase, opening } from "../game/test-support.js";
import type { EventMessage, SnapshotMessage } from "./replica.js";

/**
 * A stand-in for the online server in the headless tests (not shipped: only
 * tests import this file). It holds the real position, dice and all, rolls
 * from the position's own PRNG as the server does, and speaks the protocol's
 * messages: events with the dice rolled and the public hash, snapshots as
 * the engine's plain JSON with the PRNG hidden.
 */
export class FakeServerGame {
  seq = 0;
  private readonly rngs: Record<"first" | "second", PolicyRng> = {
    first: createRng(1),
    second: createRng(2),
  };

  constructor(
    readonly ctx: GameContext,
    public position: Position,
  ) {}

  /** Brentford (16.31) from its opening, or from the First Player's first Movement Phase. */
  static start(at: "opening" | "movement" = "movement"): FakeServerGame {
    const { ctx, position } = at === "opening" ? opening() : movementPhase();
    return new FakeServerGame(ctx, position);
  }

  /** Applies one action with the server's dice and returns the event the server would send. */
  play(action: Action): EventMessage {
    const side = actor(this.position);
    const step = apply(this.ctx, this.position, action);
    if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.message}`);
    this.position = step.value.position;
    this.seq += 1;
    return {
      type: "event",
      seq: this.seq,
      side,
      action,
      dice: diceOf(step.value.events),
      hash: publicHash(step.value.position),
    };
  }

  /** The greedy player's next action for the side to act. */
  nextAction(): Action {
    return greedyPolicy.choose(this.ctx, this.position, this.rngs[actor(this.position)]);
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

  snapshot(reason: SnapshotMessage["reason"] = "join"): SnapshotMessage {
    return {
      type: "snapshot",
      seq: this.seq,
      // What goes over the wire: the canonical JSON text, parsed back by the client.
      position: JSON.parse(serialisePosition(publicView(this.position))),
      hash: publicHash(this.position),
      reason,
    };
  }
}
