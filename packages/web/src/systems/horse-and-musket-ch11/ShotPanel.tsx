import type { Ctx, Position } from "@tercio/horse-and-musket-ch11";
import { OddsTable } from "./OddsTable.js";
import { shotOdds } from "./odds.js";

interface Props {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly shooter: string;
  readonly targets: readonly string[];
  readonly target: string | undefined;
  readonly refusal: string | undefined;
  readonly onTarget: (t: string) => void;
  readonly onShoot: () => void;
}

/** The shooter's targets in arc and range (shotRefusal), the chosen one's odds, and the Shoot button. */
export function ShotPanel({ ctx, position, shooter, targets, target, refusal, onTarget, onShoot }: Props) {
  const odds = target ? shotOdds(ctx, position, shooter, target) : undefined;
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
      {target && odds && (
        <div data-testid="shot-preview">
          <p>
            {shooter} at {target}:
          </p>
          <OddsTable odds={odds} testId="shot-odds" />
          <button type="button" data-testid="shoot" onClick={onShoot}>
            Shoot {target}
          </button>
        </div>
      )}
    </section>
  );
}
