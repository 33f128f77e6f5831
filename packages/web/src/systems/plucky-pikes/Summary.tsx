import {
  type Action,
  type Ctx,
  type GameEvent,
  type Position,
  sideName,
  traitsOf,
} from "@tercio/plucky-pikes";
import type { GameLog } from "../../shell/session.js";
import { TallyTable } from "./Panel.js";
import { armyScores } from "./words.js";

/**
 * 001's account of a finished game: each army's Victory Points as the
 * engine scored them (Army Effectiveness, the modifiers, the d10 on the
 * Rally Rolls table) and the units and guns routed, destroyed or gone
 * after the baggage, by arm.
 */
export function PpSummary({ game }: { readonly game: GameLog<Ctx, Position, Action, GameEvent> }) {
  const { ctx, position, entries } = game;
  const history = entries.filter((e) => !e.undone);
  const scores = armyScores(history);
  const arms = ["foot", "horse", "guns"] as const;
  const count = (side: "first" | "second", arm: string, gone?: boolean) =>
    Object.entries(position.units).filter(
      ([id, u]) =>
        u.side === side && traitsOf(ctx, id).arm === arm && (gone === undefined || Boolean(u.gone) === gone),
    ).length;
  return (
    <>
      <p>
        {ctx.scenario.name}, ended in turn {position.turn} of {ctx.scenario.turns}.
      </p>
      {position.result && <TallyTable ctx={ctx} scores={scores} final={position.result.scores} />}
      <h3>Units off the table</h3>
      <table className="losses" data-testid="pp-losses">
        <thead>
          <tr>
            <th>Arm</th>
            <th>{sideName(ctx, "first")}</th>
            <th>{sideName(ctx, "second")}</th>
          </tr>
        </thead>
        <tbody>
          {arms
            .filter((a) => count("first", a) + count("second", a) > 0)
            .map((a) => (
              <tr key={a}>
                <td>{a}</td>
                {(["first", "second"] as const).map((s) => (
                  <td key={s}>
                    {count(s, a, true)} of {count(s, a)}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
