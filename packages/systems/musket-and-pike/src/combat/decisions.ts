import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "../context.js";
import type { HexId } from "../hex/offset.js";
import { ROAD_MODE_HALF_COST } from "../movement/road-mode.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Step } from "../sequence.js";
import type { Position, UnitId, UnitRecord } from "../state/position.js";
import { type Board, commit, hexOf, openBoard, relocate } from "./board.js";
import { continueRetreats, nextAdvance, retreatTo, withoutDecision } from "./follow-up.js";
import { retreatOptions } from "./retreat.js";

/** 8.2: the enemy player's choice of where a retreating unit ends, among the hexes the priorities leave. */
export function applyRetreat(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  to: HexId,
): Result<Step, RuleError> {
  const decision = position.decision;
  if (decision?.kind !== "retreat") {
    return err(ruleError("decision/no-retreat", "8.2", "no retreat is waiting to be decided", { unit }));
  }
  const head = decision.units[0];
  if (unit !== head) {
    return err(ruleError("decision/retreat-order", "8.2", `decide the retreat of ${head} first`, { unit }));
  }
  const spent = decision.leftRoadMode?.includes(unit) ? ROAD_MODE_HALF_COST : 0;
  const options = retreatOptions(ctx, position, unit, spent);
  const chosen = options.find((o) => o.to === to);
  if (!chosen) {
    return err(
      ruleError(
        "retreat/not-allowed",
        "8.2",
        `${unit} may not end its retreat in ${to}; the priorities of 8.2 leave ${options.map((o) => o.to).join(", ")}`,
        { unit, hex: to },
      ),
    );
  }
  const attack = position.attacks.find((a) => a.defenders.includes(unit));
  if (!attack)
    return err(ruleError("decision/no-attack", "8.2", `${unit} did not defend in this phase`, { unit }));
  const board = openBoard(position, new Set(), decision.leftRoadMode);
  retreatTo(ctx, board, unit, decision.from, chosen.to, chosen.path);
  const next = continueRetreats(ctx, position, board, decision.units.slice(1), attack);
  return ok({ position: next, events: board.events });
}

/** 8.3: the attacker advances up to two involved attackers into a vacated hex, or none. */
export function applyAdvance(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
): Result<Step, RuleError> {
  const decision = position.decision;
  if (decision?.kind !== "advance") {
    return err(ruleError("decision/no-advance", "8.3", "no advance after combat is waiting to be decided"));
  }
  if (new Set(units).size !== units.length) {
    return err(ruleError("advance/repeated", "8.3", "a unit is listed twice"));
  }
  if (units.length > decision.max) {
    return err(
      ruleError(
        "advance/too-many",
        "8.3",
        `at most ${decision.max} unit(s) may advance into ${decision.into}`,
      ),
    );
  }
  const stranger = units.find((id) => !decision.candidates.includes(id));
  if (stranger) {
    return err(
      ruleError(
        "advance/not-involved",
        "8.3",
        `${stranger} may not advance into ${decision.into}; only ${decision.candidates.join(", ")} may`,
        { unit: stranger },
      ),
    );
  }
  const board = openBoard(position);
  for (const id of [...units].reverse()) {
    const from = hexOf(board, id);
    if (from === undefined) continue;
    relocate(ctx, board, id, decision.into, "top");
    board.events.push({ type: "unit-advanced", unit: id, from, to: decision.into });
  }
  const captor = units[0] === undefined ? undefined : position.units[units[0]];
  if (captor) for (const gun of decision.capture ?? []) capture(board, gun, captor, decision.into);
  const attack = position.attacks.find((a) => a.targets.includes(decision.into));
  const taken = captor !== undefined && (decision.capture ?? []).length > 0;
  const committed = commit(position, board);
  // A captured square's guns change hands; the defender's Square marker goes with them.
  const after = taken
    ? { ...committed, squares: committed.squares.filter((h) => h !== decision.into) }
    : committed;
  const next = attack ? nextAdvance(ctx, after, decision.next ?? [], attack) : after;
  return ok({ position: attack ? next : withoutDecision(next), events: board.events });
}

/**
 * 15.0 (optional): "Immediately replace the 'captured' Enemy Artillery unit
 * with a Friendly colored one, treating it as disrupted." It joins the force
 * of the first unit advancing, and recovers as any of the captor's guns (15.0A).
 */
function capture(board: Board, gun: UnitId, captor: UnitRecord, hex: HexId): void {
  const record = board.units[gun];
  if (!record) return;
  board.units[gun] = {
    ...record,
    side: captor.side,
    force: captor.force,
    disrupted: true,
    limbered: record.limbered,
  };
  board.events.push({ type: "unit-captured", unit: gun, hex, side: captor.side, rule: "15.0" });
}
