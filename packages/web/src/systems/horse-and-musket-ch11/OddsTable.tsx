import { type Odds, outcomeWords } from "./odds.js";

/** The odds of each number of hits, and every modifier with its rule. */
export function OddsTable({ odds, testId }: { readonly odds: Odds; readonly testId: string }) {
  return (
    <div className="hm11-odds" data-testid={testId}>
      {odds.modifiers.length === 0 ? (
        <p className="hint">No modifiers: the die's score.</p>
      ) : (
        <ul className="hm11-modifiers">
          {odds.modifiers.map((m) => (
            <li key={m.text}>
              {m.text} <cite>({m.rule})</cite>
            </li>
          ))}
        </ul>
      )}
      <table className="hm11-faces">
        <thead>
          <tr>
            <th scope="row">die</th>
            {odds.faces.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the die's faces
              <th key={i}>{i + 1}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">hits</th>
            {odds.faces.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the die's faces
              <td key={i}>{h}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="hm11-outcomes">{odds.outcomes.map(outcomeWords).join("; ")}</p>
    </div>
  );
}
