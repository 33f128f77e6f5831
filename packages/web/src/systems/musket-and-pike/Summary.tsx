import { SIDES } from "@tercio/musket-and-pike";
import { playerName, SIDE_DARK } from "@tercio/render";
import { ticks } from "./chart-ticks.js";
import type { MpGameLog } from "./game.js";
import { lossesInGame, type StrengthPoint, strengthOverTurns } from "./stats.js";

function StrengthChart({
  points,
  names,
}: {
  readonly points: readonly StrengthPoint[];
  readonly names: Record<string, string>;
}) {
  const w = 440;
  const h = 220;
  // Room for the strength scale on the left, the Game-Turn scale and the key below.
  const left = 44;
  const right = 12;
  const top = 10;
  const bottom = 58;
  const maxTurn = Math.max(1, ...points.map((p) => p.gameTurn));
  const maxS = Math.max(1, ...points.flatMap((p) => SIDES.map((s) => p.strength[s])));
  const x = (t: number) => left + ((w - left - right) * t) / maxTurn;
  const y = (s: number) => h - bottom - ((h - bottom - top) * s) / maxS;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={`Strength over the Game-Turns: ${SIDES.map((s) => `${names[s]} from ${points[0]?.strength[s]} to ${points.at(-1)?.strength[s]}`).join("; ")}`}
      data-testid="strength-chart"
    >
      <g className="y-axis">
        {ticks(maxS).map((v) => (
          <g key={v} className="tick">
            <line x1={left} y1={y(v)} x2={w - right} y2={y(v)} />
            <text x={left - 4} y={y(v) + 3} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        <line x1={left} y1={y(0)} x2={left} y2={top} stroke="#2b2620" />
        <text
          className="axis-title"
          transform={`translate(11 ${(top + h - bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          Melee Strength
        </text>
      </g>
      <g className="x-axis">
        {ticks(maxTurn).map((t) => (
          <g key={t} className="tick">
            <line x1={x(t)} y1={y(0)} x2={x(t)} y2={y(0) + 4} stroke="#2b2620" />
            <text x={x(t)} y={y(0) + 14} textAnchor="middle">
              {t}
            </text>
          </g>
        ))}
        <line x1={left} y1={y(0)} x2={w - right} y2={y(0)} stroke="#2b2620" />
        <text className="axis-title" x={(left + w - right) / 2} y={y(0) + 28} textAnchor="middle">
          Game-Turn
        </text>
      </g>
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
        <g key={`k${s}`} transform={`translate(${left + 10 + i * 180} ${h - 8})`}>
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
