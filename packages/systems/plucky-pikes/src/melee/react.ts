import { scaledDirection } from "@tercio/geometry";
import type { ReactAction } from "../actions.js";
import type { Ctx } from "../context.js";
import type { GameEvent } from "../events.js";
import { fallBack } from "../fall-back.js";
import {
  centreKeepingFront,
  poseOf,
  sizeInFormation,
  traitsOf,
  unitFront,
  unitPolygon,
  unitSize,
} from "../footprint.js";
import { formationsOf } from "../formations.js";
import type { Melee, Position, UnitState } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { insideTable, overlapping } from "../table.js";
import type { Step } from "./engage.js";

/**
 * Melee: a target that made its counter roll "may change to a more
 * advantageous position, formation or counter-charge. Skirmishers may
 * withdraw." Its owner answers: accept as it stands, face the attacker
 * (its front to the attacker's, the melee then a frontal one), change
 * formation in place (a hedgehog has no flank), counter-charge (cavalry:
 * its own charge bonus), or withdraw 6" (skirmishers).
 */
const OPTION_OF = {
  face: "face",
  "change-formation": "changeFormation",
  "counter-charge": "counterCharge",
  withdraw: "withdraw",
} as const;

export function react(ctx: Ctx, position: Position, action: ReactAction): Out<Step> {
  const r = position.reaction;
  if (!r) return no(ruleError("melee/no-reaction", "Melee", "no counter roll is waiting for an answer"));
  const m = position.melees.find((x) => x.id === r.melee);
  const u = position.units[r.unit];
  if (!m || !u) return no(ruleError("melee/no-reaction", "Melee", "the melee is over"));
  const attackerId = m.attackers[0] as string;
  const attacker = position.units[attackerId] as UnitState;
  const back = (p: Position, events: GameEvent[]): Out<Step> => {
    const { reaction: _r, ...rest } = p;
    return yes({
      position: { ...rest, toMove: r.mover },
      events: [{ type: "reacted", unit: r.unit, option: action.choice }, ...events],
    });
  };
  if (action.choice === "accept") return back(position, []);
  if (!r.options.includes(OPTION_OF[action.choice]))
    return no(
      ruleError(
        "melee/counter-roll",
        "Melee",
        `the counter roll of ${r.score} does not allow ${action.choice}`,
        r.unit,
      ),
    );
  const t = traitsOf(ctx, r.unit, u);
  const setMelee = (p: Position, next: Melee): Position => ({
    ...p,
    melees: p.melees.map((x) => (x.id === m.id ? next : x)),
  });
  switch (action.choice) {
    case "face": {
      // Its front against the attacker's front: facing the other way, centred on the attacker's front centre.
      const facing = (attacker.facing + 18000) % 36000;
      const depth = unitSize(ctx, r.unit, u).depth;
      const front = unitFront(ctx, attackerId, attacker);
      // Three ticks off its front, as the kernel places a base in contact, so that rounding never overlaps them.
      const d = scaledDirection(attacker.facing, Math.round(depth / 2) + 3);
      const turned: UnitState = { ...u, x: front.x + d.x, y: front.y + d.y, facing, moved: true };
      const poly = unitPolygon(ctx, r.unit, turned);
      if (overlapping(ctx, position, poly, new Set([r.unit])) !== undefined || !insideTable(ctx, poly))
        return no(ruleError("melee/no-room", "Melee", "there is no room to face the attacker", r.unit));
      return back(
        setMelee({ ...position, units: { ...position.units, [r.unit]: turned } }, { ...m, struck: "front" }),
        [],
      );
    }
    case "change-formation": {
      const orders = t.arm === "guns" ? [] : formationsOf(t);
      const formation = action.formation;
      if (!formation || !orders.includes(formation) || formation === u.formation)
        return no(ruleError("move/formation", "Formations", `name a new formation of ${t.arm}`, r.unit));
      const centre = centreKeepingFront(
        poseOf(u),
        unitSize(ctx, r.unit, u),
        sizeInFormation(ctx, r.unit, u, formation),
      );
      const formed: UnitState = { ...u, ...centre, formation, formedWith: u.strength, moved: true };
      const poly = unitPolygon(ctx, r.unit, formed);
      if (overlapping(ctx, position, poly, new Set([r.unit])) !== undefined || !insideTable(ctx, poly))
        return no(ruleError("melee/no-room", "Melee", "there is no room to form", r.unit));
      const next = setMelee(
        { ...position, units: { ...position.units, [r.unit]: formed } },
        {
          ...m,
          struck: formation === "hedgehog" ? "front" : m.struck,
        },
      );
      return back(next, []);
    }
    case "counter-charge": {
      const minimum = ctx.rules.data.meleeModifiers.chargeMinimum.horse;
      const charged = {
        length2: minimum * minimum,
        straight: true,
        firedPistols: t.missile === "pistol" && u.fired,
      };
      const next = setMelee(
        {
          ...position,
          units: { ...position.units, [r.unit]: { ...u, moved: true, chargedOn: position.turn } },
        },
        { ...m, charges: { ...m.charges, [r.unit]: charged } },
      );
      return back(next, []);
    }
    case "withdraw": {
      const events: GameEvent[] = [];
      const fell = fallBack(ctx, position, r.unit, "it withdrew", events, attackerId);
      const moved = fell.units[r.unit];
      const out = moved ? { ...fell, units: { ...fell.units, [r.unit]: { ...moved, moved: true } } } : fell;
      return back(out, events);
    }
  }
}
