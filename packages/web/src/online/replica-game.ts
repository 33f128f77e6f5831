import type { GameInfo } from "@tercio/protocol";
import type { Controller, Game, GameSetup } from "../game/session.js";
import type { Replica } from "./replica.js";

/**
 * The replica as a session Game, so that the game screen, the combat log
 * and the replay viewer show an online game as they show a local one. The
 * seed is unknown to clients (the dice are secret until the end) and undo
 * is off: 5.2(G) holds strictly online.
 */
export function replicaGame(replica: Replica, seats: GameInfo["seats"] | undefined): Game {
  const { ctx, position } = replica;
  const setup: GameSetup = {
    scenario: ctx.scenario.id,
    seed: 0,
    optionalRules: [...position.options.optionalRules],
    controllers: { first: controllerOf(seats?.first), second: controllerOf(seats?.second) },
    undo: false,
  };
  return {
    setup,
    ctx,
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
    position,
  };
}

/** A seat as the session's controller: the server's AI level, or a person (here or elsewhere). */
export function controllerOf(seat: GameInfo["seats"]["first"] | undefined): Controller {
  return seat?.kind === "ai" ? { kind: "ai", level: seat.level } : { kind: "human" };
}
