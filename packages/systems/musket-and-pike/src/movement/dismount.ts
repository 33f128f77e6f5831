import { err, ok, type Result } from "@tercio/core";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Step } from "../sequence.js";
import type { Position, UnitId, UnitRecord } from "../state/position.js";
import { hexOfUnit } from "../state/stacks.js";

/**
 * 14.0 (optional), dismounting cavalry. A Dragoon unit dismounts in its
 * Movement Phase and then plays as the Militia Musket on top of it
 * (infantry for all purposes, 14.0A); it may not move in that phase. It
 * remounts by spending a whole Movement Phase without moving (14.0B).
 */
export function applyDismount(position: Position, unit: UnitId): Result<Step, RuleError> {
  const checked = dismountable(position, unit);
  if ("code" in checked) return err(checked);
  if (checked.dismounted) {
    return err(ruleError("dismount/already", "14.0", `${unit} is already dismounted`, { unit }));
  }
  if (checked.disrupted) {
    return err(ruleError("dismount/disrupted", "8.4", `${unit} is disrupted and may not dismount`, { unit }));
  }
  return ok(change(position, unit, checked, true));
}

export function applyRemount(position: Position, unit: UnitId): Result<Step, RuleError> {
  const checked = dismountable(position, unit);
  if ("code" in checked) return err(checked);
  if (!checked.dismounted) {
    return err(ruleError("remount/mounted", "14.0B", `${unit} is not dismounted`, { unit }));
  }
  return ok(change(position, unit, checked, false));
}

/** The checks both share: the rule in play, the unit's own Movement Phase, a Dragoon that has not moved. */
function dismountable(position: Position, unit: UnitId): UnitRecord | RuleError {
  const record = position.units[unit];
  if (!record) return ruleError("action/unknown-unit", "3.3", `there is no unit ${unit}`, { unit });
  if (!position.options.optionalRules.includes("dismounting-cavalry")) {
    return ruleError("dismount/not-in-play", "14.0", "the optional rule Dismounting Cavalry is not in play", {
      unit,
    });
  }
  if (position.phase !== "movement" || record.side !== position.phasing) {
    return ruleError(
      "dismount/wrong-phase",
      "14.0",
      `${unit} dismounts or remounts only in its own Movement Phase`,
      {
        unit,
      },
    );
  }
  if (record.type !== "DR") {
    return ruleError("dismount/not-dragoon", "14.0", `only Dragoons dismount, not ${unit} (${record.type})`, {
      unit,
    });
  }
  if (hexOfUnit(position, unit) === undefined) {
    return ruleError("dismount/off-map", "14.0", `${unit} is not on the map`, { unit });
  }
  if (position.moved.includes(unit)) {
    return ruleError(
      "dismount/moved",
      record.dismounted ? "14.0B" : "14.0",
      record.dismounted
        ? `${unit} has moved this Movement Phase; it remounts after a whole phase without moving`
        : `${unit} has already moved or changed this Movement Phase`,
      { unit },
    );
  }
  return record;
}

function change(position: Position, unit: UnitId, record: UnitRecord, dismounted: boolean): Step {
  return {
    position: {
      ...position,
      units: { ...position.units, [unit]: { ...record, dismounted } },
      // 14.0: the unit "may not move in that Movement Phase"; 14.0B: it stayed put the whole phase.
      moved: [...position.moved, unit],
    },
    events: [
      { type: dismounted ? "unit-dismounted" : "unit-remounted", unit, rule: dismounted ? "14.0" : "14.0B" },
    ],
  };
}
