import {
  type Action,
  type Ctx,
  type GameEvent,
  type Position,
  sideName,
  UNIT_TYPES,
} from "@tercio/horse-and-musket-nt";
import type { GameLog } from "../../shell/session.js";
import { Losses, sideLosses } from "../tabletop/Losses.js";

/** 003's account of a finished game: the turn it ended in, units removed (15+ Hits, or the unit's quality's limit) by type, Hits carried. */
export function NtSummary({ game }: { readonly game: GameLog<Ctx, Position, Action, GameEvent> }) {
  const { ctx, opening, position } = game;
  const sides = (["first", "second"] as const).map((s) =>
    sideLosses(sideName(ctx, s), s, opening.units, position.units, position.removed),
  );
  return (
    <Losses
      scenario={ctx.scenario}
      turn={position.turn}
      heading="Units removed"
      testId="nt-losses"
      types={UNIT_TYPES.map((t) => ({ id: t, name: t }))}
      sides={sides}
      hitsLabel="Hits on the units left"
    />
  );
}
