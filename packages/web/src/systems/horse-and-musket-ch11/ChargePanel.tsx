import type { ChargeReach } from "@tercio/horse-and-musket-ch11";
import { OddsTable } from "./OddsTable.js";
import { fightOdds, percent } from "./odds.js";
import type { Charges } from "./targets.js";

interface Props {
  readonly charges: Charges;
  readonly focus: string | undefined;
  readonly onFocus: (target: string) => void;
  readonly onCharge: (c: ChargeReach) => void;
}

const turnText = (t: number) =>
  t === 0 ? "straight ahead" : `turn ${Math.abs(t) / 100}º ${t > 0 ? "right" : "left"}`;

/** The charges the engine finds for the selected cavalry (chargeWorking): path, side struck, the fight's odds. */
export function ChargePanel({ charges, focus, onFocus, onCharge }: Props) {
  const { reach } = charges;
  if (reach.length === 0) return <p className="hint">No enemy unit can be charged from here.</p>;
  const shown = reach.find((o) => o.target === focus) ?? reach[0];
  return (
    <section className="hm11-charges" aria-label="Charges">
      <h3>Charge</h3>
      <ul>
        {reach.map((o) => (
          <li key={o.target}>
            <button
              type="button"
              data-testid={`charge-option-${o.target}`}
              className={o.target === shown?.target ? "picked" : undefined}
              onFocus={() => onFocus(o.target)}
              onMouseEnter={() => onFocus(o.target)}
              onClick={() => onCharge(o)}
            >
              Charge {o.target}
            </button>{" "}
            {turnText(o.path.turn)}, {o.path.text} of {o.path.allowance / 6096}", into its{" "}
            <strong>{o.side}</strong>
          </li>
        ))}
      </ul>
      {shown && (
        <>
          <p>
            Hand-to-hand against {shown.target}, struck in its {shown.side}
            {shown.combat.fought ? `; destroys it: ${percent(shown.combat.destroys)}` : ""}:
          </p>
          <OddsTable odds={fightOdds(shown.combat)} testId="charge-preview" />
        </>
      )}
    </section>
  );
}
