import { type Catalog, musketAndPike } from "@tercio/musket-and-pike";
import type { GameInfo } from "@tercio/protocol";
import type { Controller, LocalSetup } from "../shell/session.js";
import type { MpGame } from "../systems/musket-and-pike/game.js";
import type { Replica } from "./replica.js";

/**
 * The replica as a session Game, so that the game screen, the combat log
 * and the replay viewer show an online game as they show a local one. The
 * seed is unknown to clients (the dice are secret until the end) and undo
 * is off: 5.2(G) holds strictly online.
 */
export function replicaGame(
  catalog: Catalog,
  replica: Replica,
  seats: GameInfo["seats"] | undefined,
): MpGame {
  const { ctx, position } = replica;
  const options = { optionalRules: [...position.options.optionalRules] };
  const setup: LocalSetup = {
    system: "musket-and-pike",
    scenario: ctx.scenario.id,
    options,
    seed: 0,
    controllers: { first: controllerOf(seats?.first), second: controllerOf(seats?.second) },
    undo: false,
  };
  return {
    system: musketAndPike(catalog),
    setup,
    gameSetup: { scenario: ctx.scenario.id, options },
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
