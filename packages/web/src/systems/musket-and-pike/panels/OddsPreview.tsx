import type { Assessment, StrengthLine } from "@tercio/musket-and-pike";

const RESULT_WORDS: Record<string, string> = {
  "-": "no effect",
  D: "D: disrupted",
  E1: "E1: one unit eliminated",
  E2: "E2: two units eliminated",
};

function strengths(lines: readonly StrengthLine[]) {
  return lines.map((l) => (
    <li key={`${l.unit}-${l.hex}`}>
      <b>{l.unit}</b> in {l.hex}: {l.printed}
      {l.strength !== l.printed && <> → {l.strength}</>}
      {l.modifiers.length > 0 && (
        <span className="modifier">
          {" ("}
          {l.modifiers.map((m, i) => (
            <span key={m.rule + m.text}>
              {i > 0 && "; "}
              {m.text} <cite>[{m.rule}]</cite>
            </span>
          ))}
          {")"}
        </span>
      )}
    </li>
  ));
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The odds preview: every strength with the rule behind it, the column, the
 * die modifier and the exact chance of each result, before the die is rolled.
 */
export function OddsPreview({ a, title }: { readonly a: Assessment; readonly title?: string }) {
  return (
    <section className="odds" data-testid="odds-preview" aria-label="Odds preview">
      <h4>
        {title ?? (a.kind === "fire" ? "Fire" : "Melee")} on {a.targets.join(" + ")}:{" "}
        <span className="column" data-testid="odds-column">
          {a.odds}
        </span>
      </h4>
      <p>
        Attack <b>{fmt(a.attack)}</b> against {a.kind === "fire" ? "fire protection" : "defence"}{" "}
        <b>{fmt(a.defence)}</b>
        {a.dieModifier !== 0 && <> · die +{a.dieModifier}</>}
      </p>
      <div className="odds-cols">
        <div>
          <h5>Attackers</h5>
          <ul>{strengths(a.attackers)}</ul>
        </div>
        <div>
          <h5>{a.kind === "fire" ? "Target" : "Defenders"}</h5>
          {a.protection && (
            <p>
              Fire Protection of {a.protection.hex}: {a.protection.strength}{" "}
              <cite>[{a.protection.rule}]</cite>
            </p>
          )}
          <ul>{strengths(a.defenders)}</ul>
        </div>
      </div>
      {a.notes.length > 0 && (
        <ul className="notes">
          {a.notes.map((n) => (
            <li key={n.rule + n.text}>
              {n.text} <cite>[{n.rule}]</cite>
            </li>
          ))}
        </ul>
      )}
      <table className="outcomes">
        <tbody>
          {a.outcomes
            .filter((o) => o.sixths > 0)
            .map((o) => (
              <tr key={o.result}>
                <th scope="row">{RESULT_WORDS[o.result] ?? o.result}</th>
                <td>{o.sixths}/6</td>
                <td className="bar">
                  <span style={{ width: `${Math.round(o.probability * 100)}%` }} />
                </td>
                <td>{Math.round(o.probability * 100)}%</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="affected">Falls on: {a.affected.join(", ") || "—"}</p>
    </section>
  );
}
