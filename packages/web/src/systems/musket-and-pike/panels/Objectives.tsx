import {
  type GameContext,
  type Position,
  playerName,
  scenarioRuleNotes,
  victoryStandings,
} from "@tercio/musket-and-pike";
import { memo, useDeferredValue, useMemo } from "react";

/**
 * The scenario's objectives during play (16.0): the victory conditions as
 * printed, how each side stands towards them now (the engine judges them on
 * the position: `victoryStandings`), who holds the key hexes, and the
 * scenario's special rules with how they stand. It decides nothing: the
 * result is the engine's, at the moments the conditions name.
 */
export const Objectives = memo(function Objectives({
  ctx,
  position: latest,
}: {
  readonly ctx: GameContext;
  readonly position: Position;
}) {
  // A frame behind the board, in a render of its own (as the log: defect 15).
  const position = useDeferredValue(latest);
  const standings = useMemo(() => victoryStandings(ctx, position), [ctx, position]);
  const notes = useMemo(() => scenarioRuleNotes(ctx, position), [ctx, position]);
  const { victory, gameLength } = ctx.scenario;
  const otherwise =
    victory.otherwise === "draw"
      ? "the game is a draw"
      : `the ${playerName(ctx.scenario, victory.otherwise)} win`;
  return (
    <details className="objectives" data-testid="objectives" open>
      <summary>
        Objectives{" "}
        <span className="turn-of">
          Game-Turn {position.gameTurn} of {gameLength}
        </span>
      </summary>
      <p className="printed">{victory.text}</p>
      <ul className="standings">
        {standings.flatMap((c, i) =>
          c.standings.map((s) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the scenario's conditions never change order during a game
              key={`${i}-${s.side}`}
              className={s.fulfilled ? "met" : "unmet"}
              data-testid="objective"
              data-side={s.side}
              data-met={s.fulfilled}
            >
              <span className="mark" aria-hidden="true">
                {s.fulfilled ? "✓" : "○"}
              </span>{" "}
              <span className="fact">{s.fact}</span>
              {s.fulfilled ? <span className="sr-only"> (met now)</span> : null}
              {s.progress && s.progress.need > 0 && (
                <progress
                  value={Math.min(s.progress.have, s.progress.need)}
                  max={s.progress.need}
                  aria-label={`${playerName(ctx.scenario, s.side)}: ${s.progress.have} of ${s.progress.need}`}
                />
              )}
              <span className="when">Judged {c.when}.</span>
            </li>
          )),
        )}
      </ul>
      {standings.some((c) => c.hexes.length > 0) && (
        <p className="key-hexes" data-testid="key-hexes">
          Held now:{" "}
          {standings
            .flatMap((c) => c.hexes)
            .filter((h, i, all) => all.findIndex((o) => o.hex === h.hex) === i)
            .map((h) => `${h.hex} ${h.controller ? playerName(ctx.scenario, h.controller) : "nobody"}`)
            .join(", ")}
        </p>
      )}
      <p className="otherwise">
        Otherwise, at the end of Game-Turn {gameLength}, {otherwise}.
      </p>
      {notes.length > 0 && (
        <>
          <h3>Special rules</h3>
          <ul className="special-rules" data-testid="special-rules">
            {notes.map((n) => (
              <li key={n.text}>
                <b>{n.rule}</b> {n.text}
                {n.now && <span className="now"> Now: {n.now}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
});
