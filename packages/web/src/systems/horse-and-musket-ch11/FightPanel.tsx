import type { Ctx, Position } from "@tercio/horse-and-musket-ch11";
import { OddsTable } from "./OddsTable.js";
import { fightOdds } from "./odds.js";

/**
 * The contacts awaiting Hand-to-Hand Combat (fought when the Shooting
 * phase ends): each one's odds, and on the table the retreat the attacker
 * would make if the defender stands.
 */
export function FightPanel({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  if (position.contacts.length === 0) return null;
  return (
    <section className="hm11-fights" aria-label="Hand-to-hand combat" data-testid="fight-preview">
      <h3>Hand-to-hand (when the Shooting phase ends)</h3>
      {position.contacts.map((c) => {
        const odds = fightOdds(ctx, position, c.defender, c.side);
        return (
          <div key={c.attacker} data-testid={`fight-${c.attacker}`}>
            <p>
              {c.attacker} against {c.defender}, in its {c.side}; if {c.defender} survives, {c.attacker}{" "}
              retreats (dashed on the table).
            </p>
            {odds && <OddsTable odds={odds} testId={`fight-odds-${c.attacker}`} />}
          </div>
        );
      })}
    </section>
  );
}
