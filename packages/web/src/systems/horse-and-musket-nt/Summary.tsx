import type { Seat } from "@tercio/core";
import {
  type Action,
  type Ctx,
  type GameEvent,
  type Position,
  sideName,
  UNIT_TYPES,
} from "@tercio/horse-and-musket-nt";
import type { GameLog } from "../../shell/session.js";

/** Each side's units at the start, removed (15+ Hits, or the unit's quality's limit), and the Hits the survivors carry. */
export function ntSideAccount(ctx: Ctx, opening: Position, final: Position, side: Seat) {
  const byType = Object.fromEntries(UNIT_TYPES.map((t) => [t, { start: 0, lost: 0 }])) as Record<
    (typeof UNIT_TYPES)[number],
    { start: number; lost: number }
  >;
  for (const [id, u] of Object.entries(opening.units)) {
    if (u.side !== side) continue;
    byType[u.type].start++;
    if (final.removed.includes(id)) byType[u.type].lost++;
  }
  let hits = 0;
  for (const u of Object.values(final.units)) if (u.side === side) hits += u.hits;
  return { name: sideName(ctx, side), byType, hits };
}

/** 003's account of a finished game: the turn it ended in, units removed by type, Hits carried. */
export function NtSummary({ game }: { readonly game: GameLog<Ctx, Position, Action, GameEvent> }) {
  const { ctx, opening, position } = game;
  const sides = (["first", "second"] as const).map((s) => ntSideAccount(ctx, opening, position, s));
  const types = UNIT_TYPES.filter((t) => sides.some((s) => s.byType[t].start > 0));
  return (
    <>
      <p>
        {ctx.scenario.name}, ended in turn {position.turn} of {ctx.scenario.turns}.
      </p>
      <h3>Units removed</h3>
      <table className="losses" data-testid="nt-losses">
        <thead>
          <tr>
            <th>Type</th>
            {sides.map((s) => (
              <th key={s.name}>{s.name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {types.map((t) => (
            <tr key={t}>
              <td>{t}</td>
              {sides.map((s) => (
                <td key={s.name}>
                  {s.byType[t].lost} of {s.byType[t].start}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td>Hits on the units left</td>
            {sides.map((s) => (
              <td key={s.name}>{s.hits}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </>
  );
}
