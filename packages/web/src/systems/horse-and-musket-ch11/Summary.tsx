import {
  type Action,
  type Ctx,
  type GameEvent,
  type Position,
  sideName,
  UNIT_TYPES,
} from "@tercio/horse-and-musket-ch11";
import type { GameLog } from "../../shell/session.js";
import { Losses, sideLosses } from "../tabletop/Losses.js";

/** Chapter 11's account of a finished game: the turn it ended in, units eliminated (004 Eliminating Units) by type, hits carried. */
export function Hm11Summary({ game }: { readonly game: GameLog<Ctx, Position, Action, GameEvent> }) {
  const { ctx, opening, position } = game;
  const sides = (["first", "second"] as const).map((s) =>
    sideLosses(sideName(ctx, s), s, opening.units, position.units, position.eliminated),
  );
  return (
    <Losses
      scenario={ctx.scenario}
      turn={position.turn}
      heading="Units lost"
      testId="hm11-losses"
      types={UNIT_TYPES.map((t) => ({ id: t, name: ctx.rules.data.unitTypes[t].name }))}
      sides={sides}
      hitsLabel="Hits on the units left"
    />
  );
}
