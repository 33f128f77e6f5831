import type { Ctx, Position } from "@tercio/horse-and-musket-ch11";
import { inchesNumber } from "./frame.js";
import { OddsTable } from "./OddsTable.js";
import { fightOdds } from "./odds.js";
import type { ChargeOption } from "./targets.js";

interface Props {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly options: readonly ChargeOption[];
  readonly focus: string | undefined;
  readonly onFocus: (target: string) => void;
  readonly onCharge: (o: ChargeOption) => void;
}

/** The charges the engine finds for the selected cavalry: path, side struck, odds. */
export function ChargePanel({ ctx, position, options, focus, onFocus, onCharge }: Props) {
  if (options.length === 0) return <p className="hint">No enemy unit can be charged from here.</p>;
  const shown = options.find((o) => o.target === focus) ?? options[0];
  const odds = shown && fightOdds(ctx, position, shown.target, shown.path.side);
  return (
    <section className="hm11-charges" aria-label="Charges">
      <h3>Charge</h3>
      <ul>
        {options.map((o) => (
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
            {o.turn === 0
              ? "straight ahead"
              : `turn ${Math.abs(o.turn) / 100}º ${o.turn > 0 ? "right" : "left"}`}
            , {inchesNumber(o.path.travel)}", into its <strong>{o.path.side}</strong>
          </li>
        ))}
      </ul>
      {shown && odds && (
        <>
          <p>
            Hand-to-hand against {shown.target} if it stands ({shown.path.side}):
          </p>
          <OddsTable odds={odds} testId="charge-preview" />
        </>
      )}
    </section>
  );
}
