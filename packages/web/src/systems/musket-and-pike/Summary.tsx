import { SIDES } from "@tercio/musket-and-pike";
import { playerName, SIDE_DARK } from "@tercio/render";
import type { MpGameLog } from "./game.js";
import { lossesInGame, type StrengthPoint, strengthOverTurns } from "./stats.js";

function StrengthChart({
  points,
  names,
}: {
  readonly points: readonly StrengthPoint[];
  readonly names: Record<string, string>;
}) {
  const w = 420;
  const h = 180;
  const pad = 34;
  const maxTurn = Math.max(1, ...points.map((p) => p.gameTurn));
  const maxS = Math.max(1, ...points.flatMap((p) => SIDES.map((s) => p.strength[s])));
  const x = (t: number) => pad + ((w - pad - 10) * t) / maxTurn;
  const y = (s: number) => h - pad + 6 - ((h - pad - 10) * s) / maxS;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={`Strength over the Game-Turns: ${SIDES.map((s) => `${names[s]} from ${points[0]?.strength[s]} to ${points.at(-1)?.strength[s]}`).join("; ")}`}
      data-testid="strength-chart"
    >
      <line x1={pad} y1={y(0)} x2={w - 10} y2={y(0)} stroke="#2b2620" />
      <line x1={pad} y1={y(0)} x2={pad} y2={8} stroke="#2b2620" />
      <text x={pad - 4} y={y(maxS) + 4} textAnchor="end" fontSize="10">
        {maxS}
      </text>
      <text x={pad - 4} y={y(0)} textAnchor="end" fontSize="10">
        0
      </text>
      <text x={w - 10} y={h - 6} textAnchor="end" fontSize="10">
        Game-Turn {maxTurn}
      </text>
      {SIDES.map((s) => (
        <polyline
          key={s}
          fill="none"
          stroke={SIDE_DARK[s]}
          strokeWidth={2.5}
          strokeDasharray={s === "second" ? "6 4" : undefined}
          points={points.map((p) => `${x(p.gameTurn)},${y(p.strength[s])}`).join(" ")}
        />
      ))}
      {SIDES.map((s, i) => (
        <g key={`k${s}`} transform={`translate(${pad + 10 + i * 170} ${h - 8})`}>
          <line
            x1={0}
            y1={-4}
            x2={22}
            y2={-4}
            stroke={SIDE_DARK[s]}
            strokeWidth={2.5}
            strokeDasharray={s === "second" ? "6 4" : undefined}
          />
          <text x={26} y={0} fontSize="11">
            {names[s]}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Musket & Pike's account of a finished game: where it ended, losses by type and side, strength over the turns. */
export function MpSummary({ game }: { readonly game: MpGameLog }) {
  const { ctx, position } = game;
  const losses = lossesInGame(game);
  const names = { first: playerName(ctx.scenario, "first"), second: playerName(ctx.scenario, "second") };
  const types = [...new Set(SIDES.flatMap((s) => Object.keys(losses[s])))].sort();
  return (
    <>
      <p>
        {ctx.scenario.id} {ctx.scenario.name}, ended in Game-Turn{" "}
        {position.result?.gameTurn ?? position.gameTurn} of {ctx.scenario.gameLength}.
      </p>
      <h3>Losses</h3>
      <table className="losses">
        <thead>
          <tr>
            <th>Type</th>
            <th>{names.first}</th>
            <th>{names.second}</th>
          </tr>
        </thead>
        <tbody>
          {types.length === 0 && (
            <tr>
              <td colSpan={3}>No units lost.</td>
            </tr>
          )}
          {types.map((t) => (
            <tr key={t}>
              <td>
                {t} {ctx.rules.data.unitTypes[t as keyof typeof ctx.rules.data.unitTypes]?.name ?? ""}
              </td>
              <td>{losses.first[t] ?? 0}</td>
              <td>{losses.second[t] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Strength over the Game-Turns</h3>
      <p className="hint">Printed Melee Strength of the units still in the game.</p>
      <StrengthChart points={strengthOverTurns(game)} names={names} />
    </>
  );
}
