import type { ShotWorking } from "@tercio/horse-and-musket-ch11";
import { OddsTable } from "./OddsTable.js";
import { shotOdds } from "./odds.js";

interface Props {
  readonly shooter: string;
  readonly targets: readonly string[];
  readonly target: string | undefined;
  /** The chosen target's working (shotWorking). */
  readonly working: ShotWorking | undefined;
  readonly refusal: string | undefined;
  readonly onTarget: (t: string) => void;
  readonly onShoot: () => void;
}

/** The shooter's targets in arc and range (shotRefusal), the chosen one's odds, and the Shoot button. */
export function ShotPanel({ shooter, targets, target, working, refusal, onTarget, onShoot }: Props) {
  return (
    <section className="hm11-shot" aria-label="Shooting">
      <h3>Shoot</h3>
      {refusal && <p className="hm11-refusal">{refusal}</p>}
      {targets.length === 0 ? (
        !refusal && <p className="hint">No enemy unit in the field of fire and in range.</p>
      ) : (
        <ul>
          {targets.map((t) => (
            <li key={t}>
              <button
                type="button"
                data-testid={`shot-option-${t}`}
                className={t === target ? "picked" : undefined}
                onClick={() => onTarget(t)}
              >
                {t}
              </button>
            </li>
          ))}
        </ul>
      )}
      {target && working && (
        <div data-testid="shot-preview">
          <p>
            {shooter} at {target}, {working.range.text} away (nearest points):
          </p>
          <OddsTable odds={shotOdds(working)} testId="shot-odds" />
          <button type="button" data-testid="shoot" onClick={onShoot}>
            Shoot {target}
          </button>
        </div>
      )}
    </section>
  );
}
