import type { HandToHandWorking } from "@tercio/horse-and-musket-ch11";
import { OddsTable } from "./OddsTable.js";
import { fightOdds, percent } from "./odds.js";

/**
 * The contacts awaiting Hand-to-Hand Combat (fought when the Shooting
 * phase ends), from handToHandWorking: each one's odds, the chance it
 * destroys the defender, and the retreat should the defender stand (drawn
 * on the table).
 */
export function FightPanel({ fights }: { readonly fights: readonly HandToHandWorking[] }) {
  if (fights.length === 0) return null;
  return (
    <section className="hm11-fights" aria-label="Hand-to-hand combat" data-testid="fight-preview">
      <h3>Hand-to-hand (when the Shooting phase ends)</h3>
      {fights.map((w) => (
        <div key={w.attacker} data-testid={`fight-${w.attacker}`}>
          <p>
            {w.attacker} against {w.defender} ({w.defenderHits} of {w.hitsToEliminate} hits), in its {w.side}
            {w.fought ? `; destroys it: ${percent(w.destroys)}` : `: ${w.defender} is already destroyed`}
            {w.retreat
              ? `; if it stands, ${w.attacker} retreats ${w.retreat.text} (dashed on the table)`
              : ""}
            .
          </p>
          {w.retreat?.stop && <p className="hm11-refusal">Stopped short: {w.retreat.stop.message}</p>}
          {w.fought && <OddsTable odds={fightOdds(w)} testId={`fight-odds-${w.attacker}`} />}
        </div>
      ))}
    </section>
  );
}
