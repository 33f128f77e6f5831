import type { ChargeOption } from "@tercio/horse-and-musket-ch11";
import type { FormEvent } from "react";
import { type ChargeAim, turnWords } from "./charge-aim.js";
import { OddsTable } from "./OddsTable.js";
import { fightOdds, percent } from "./odds.js";
import { parseDegrees } from "./steps.js";
import type { Charges } from "./targets.js";

interface Props {
  readonly charges: Charges;
  readonly focus: string | undefined;
  /** The target aimed at and the turn chosen; the charge at that turn (chargeWorkingAt). */
  readonly aim: ChargeAim | undefined;
  readonly aimed: ChargeOption | undefined;
  readonly limit: number;
  readonly onFocus: (target: string) => void;
  /** Aims at a target: at the engine's turn (no turn given) or at the one typed. */
  readonly onAim: (target: string, turn?: number) => void;
  readonly onCharge: (target: string) => void;
}

/**
 * The charges the engine finds for the selected cavalry (chargeWorking):
 * path, side struck, the fight's odds; and the charge at a turn the player
 * chooses (004 Movement: Charge Moves: Turning), live from chargeWorkingAt,
 * with the refusal in the rule's words when that turn cannot reach.
 */
export function ChargePanel({ charges, focus, aim, aimed, limit, onFocus, onAim, onCharge }: Props) {
  const { reach, refused } = charges;
  // Aiming, the odds are the chosen turn's (none when it cannot reach); else the focused option's.
  const shown = aim ? (aimed?.ok ? aimed : undefined) : (reach.find((o) => o.target === focus) ?? reach[0]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem("turn") as HTMLInputElement | null;
    const t = parseDegrees(input?.value ?? "");
    if (aim && t !== undefined) onAim(aim.target, t);
  };
  return (
    <section className="hm11-charges" aria-label="Charges">
      <h3>Charge</h3>
      {reach.length === 0 && (
        <p className="hint">No enemy unit can be charged at the engine's aim from here.</p>
      )}
      <ul>
        {reach.map((o) => (
          <li key={o.target}>
            <button
              type="button"
              data-testid={`charge-option-${o.target}`}
              className={o.target === shown?.target ? "picked" : undefined}
              onFocus={() => onFocus(o.target)}
              onMouseEnter={() => onFocus(o.target)}
              onClick={() => onCharge(o.target)}
            >
              Charge {o.target}
            </button>{" "}
            turn {turnWords(o.path.turn)}, {o.path.text} of {o.path.allowance / 6096}", into its{" "}
            <strong>{o.side}</strong>{" "}
            <button type="button" data-testid={`charge-aim-${o.target}`} onClick={() => onAim(o.target)}>
              Aim
            </button>
          </li>
        ))}
      </ul>
      {refused.length > 0 && (
        <details>
          <summary>Out of reach at the engine's aim ({refused.length})</summary>
          <ul>
            {refused.map((o) => (
              <li key={o.target}>
                <button type="button" data-testid={`charge-aim-${o.target}`} onClick={() => onAim(o.target)}>
                  Aim at {o.target}
                </button>{" "}
                <span className="hm11-refusal">{o.refusal.message}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {aim && (
        <form className="hm11-move-form" onSubmit={onSubmit} data-testid="charge-aim">
          <label>
            turn at the start against {aim.target} (º, + right; at most {limit / 100}º)
            <input
              name="turn"
              data-testid="charge-turn"
              key={`t${aim.target}${aim.turn}`}
              defaultValue={String(aim.turn / 100)}
              inputMode="decimal"
              size={5}
            />
          </label>
          <button type="submit">Set</button>
          <button
            type="button"
            data-testid="charge-commit"
            disabled={!aimed?.ok}
            onClick={() => onCharge(aim.target)}
          >
            Charge {aim.target}, {turnWords(aim.turn)}
          </button>
        </form>
      )}
      {aim && aimed && !aimed.ok && (
        <p className="hm11-refusal" data-testid="charge-refusal" role="alert">
          {aimed.refusal.message}
        </p>
      )}
      {shown && (
        <>
          <p data-testid="charge-side">
            Hand-to-hand against {shown.target} (turn {turnWords(shown.path.turn)}, {shown.path.text}), struck
            in its {shown.side}
            {shown.combat.fought ? `; destroys it: ${percent(shown.combat.destroys)}` : ""}:
          </p>
          <OddsTable odds={fightOdds(shown.combat)} testId="charge-preview" />
        </>
      )}
      <p className="hint">
        Tab to a target to aim at it; Left/Right turn the charge 5º, or drag the red knob; Enter charges.
      </p>
    </section>
  );
}
