import type { GameInfo } from "@tercio/protocol";
import type { Controller, GameLog } from "../shell/session.js";
import type { Replica } from "./replica.js";

/**
 * The replica as a game's record, so that the game screen, the log and the
 * replay viewer show an online game of any system as they show a local one.
 * It has no local setup: the seed is the server's secret until the end, the
 * seats are played where their holders are, and undo is off.
 */
export function replicaGame<C, P, A, E>(replica: Replica<C, P, A, E>): GameLog<C, P, A, E> {
  return {
    system: replica.system,
    gameSetup: replica.setup,
    ctx: replica.ctx,
    opening: replica.opening,
    openingEvents: [],
    entries: replica.log.map((e) => ({
      action: e.action,
      side: e.side,
      events: e.events,
      rolled: e.dice.length > 0,
      undone: false,
    })),
    after: replica.log.map((e) => e.position),
    position: replica.position,
  };
}

/** A seat as the session's controller: the server's AI level, or a person (here or elsewhere). */
export function controllerOf(seat: GameInfo["seats"]["first"] | undefined): Controller {
  return seat?.kind === "ai" ? { kind: "ai", level: seat.level } : { kind: "human" };
}
