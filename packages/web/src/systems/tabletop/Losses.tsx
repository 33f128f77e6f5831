import type { Seat } from "@tercio/core";

/**
 * The end screen's account of a tabletop game, shared by the miniatures
 * rule sets: the turn it ended in, each side's units lost by type out of
 * those it began with, and the hits its survivors carry. Each rule set
 * says which units it lost (chapter 11's eliminated, 003's removed) and
 * what it calls them.
 */
interface UnitTally {
  readonly side: Seat;
  readonly type: string;
  readonly hits: number;
}

export interface SideLosses {
  readonly name: string;
  readonly byType: Readonly<Record<string, { start: number; lost: number }>>;
  readonly hits: number;
}

/** A side's units at the start by type, those of them lost, and the hits on the units left. */
export function sideLosses(
  name: string,
  side: Seat,
  opening: Readonly<Record<string, UnitTally>>,
  final: Readonly<Record<string, UnitTally>>,
  lost: readonly string[],
): SideLosses {
  const byType: Record<string, { start: number; lost: number }> = {};
  for (const [id, u] of Object.entries(opening)) {
    if (u.side !== side) continue;
    const t = byType[u.type] ?? { start: 0, lost: 0 };
    byType[u.type] = t;
    t.start++;
    if (lost.includes(id)) t.lost++;
  }
  let hits = 0;
  for (const u of Object.values(final)) if (u.side === side) hits += u.hits;
  return { name, byType, hits };
}

export interface LossesProps {
  readonly scenario: { readonly name: string; readonly turns: number };
  readonly turn: number;
  /** The table's heading, in the rule set's words ("Units lost", "Units removed"). */
  readonly heading: string;
  readonly testId: string;
  /** The unit types in the rule set's order, each with the name its rows show. */
  readonly types: readonly { readonly id: string; readonly name: string }[];
  readonly sides: readonly SideLosses[];
  readonly hitsLabel: string;
}

export function Losses(props: LossesProps) {
  const { sides } = props;
  const types = props.types.filter((t) => sides.some((s) => (s.byType[t.id]?.start ?? 0) > 0));
  return (
    <>
      <p>
        {props.scenario.name}, ended in turn {props.turn} of {props.scenario.turns}.
      </p>
      <h3>{props.heading}</h3>
      <table className="losses" data-testid={props.testId}>
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
            <tr key={t.id}>
              <td>{t.name}</td>
              {sides.map((s) => (
                <td key={s.name}>
                  {s.byType[t.id]?.lost ?? 0} of {s.byType[t.id]?.start ?? 0}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td>{props.hitsLabel}</td>
            {sides.map((s) => (
              <td key={s.name}>{s.hits}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </>
  );
}
