import { convexWithin, type Point } from "@tercio/geometry";
import type { ProgramOp } from "../actions.js";
import { poseOf, unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { measureWithin, travelTooCloseToCall } from "../grey-areas.js";
import type { Position } from "../position.js";
import { no, type Out, type RuleError, ruleError, yes } from "../rule-error.js";
import { dieModifier } from "../unit-class.js";
import { offTable, terrainRefusal, threatRefusal, unitRefusal } from "./obstacles.js";
import { type Played, playProgram } from "./program.js";

/**
 * 1.2 Move: a rolled unit's program, checked. The allowance is 1Dx (with
 * its quality modifier) plus the class Bonus, the Bonus kept only by a move
 * straight ahead (or a column's wheels, Maneuvering iv); doubled when the
 * move "begins and remains over 12" away from all enemy Units" (every swept
 * region, exactly: more than 12"). "No corner exceeding the total": the
 * longest corner travel against the allowance. Foot wheel once, others
 * twice, columns without limit; one reform of at most 2"; formations by
 * reform (column for all; skirmish order for ACW infantry; the Poor Drill
 * rule for ACW militia, designed). Too-close-to-call travel and 12" go to
 * a roll-off (grey-areas.ts).
 */
export interface MoveStep {
  readonly position: Position;
  readonly events: GameEvent[];
}

function shapeRefusal(ctx: Ctx, id: string, position: Position, played: Played): RuleError | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`);
  const type = ctx.rules.data.unitTypes[u.type];
  if (played.offRoad)
    return ruleError("move/off-road", "Terrain vi", "road movement is for a column following a road", {
      unit: id,
    });
  const column = u.formation === "column" && played.formation === "column";
  if (!column && played.wheels > type.wheels)
    return ruleError(
      "move/wheels",
      "Maneuvering i",
      `${type.name} may wheel ${type.wheels === 1 ? "once" : "twice"}`,
      {
        unit: id,
      },
    );
  const reform = ctx.rules.data.move.reform;
  if (played.reforms > 1 || played.reformSq > reform * reform)
    return ruleError("move/reform", "Maneuvering ii", "a Reform is one move of at most 2 inches", {
      unit: id,
    });
  if (played.formation === "skirmish" && !(ctx.options.acw === "on" && u.type === "infantry"))
    return ruleError(
      "move/formation",
      "ACW 2",
      "only infantry under the ACW modifications take skirmish order",
      {
        unit: id,
      },
    );
  return undefined;
}

function placeRefusal(ctx: Ctx, position: Position, id: string, played: Played): RuleError | undefined {
  const u = position.units[id];
  if (!u) return undefined;
  for (const base of played.bases)
    if (offTable(ctx, base))
      return ruleError("move/off-table", "1.2 Move", `${id} would leave the table`, { unit: id });
  for (const s of played.sweeps) {
    const blocked =
      unitRefusal(ctx, position, id, s.region, false) ??
      (s.road ? undefined : terrainRefusal(ctx, id, u, s.region)) ??
      threatRefusal(ctx, position, id, s.region);
    if (blocked) return blocked;
  }
  const last = played.bases[played.bases.length - 1] ?? unitPolygon(ctx, u);
  return unitRefusal(ctx, position, id, last, true) ?? terrainRefusal(ctx, id, u, last);
}

/** The allowance before doubling: the roll with its quality modifier, plus the Bonus where kept. */
export function allowanceOf(ctx: Ctx, position: Position, id: string, keepsBonus: boolean): number {
  const u = position.units[id];
  if (!u) return 0;
  const inches = Math.max(0, u.roll + dieModifier(ctx, id));
  const bonus = ctx.rules.data.unitTypes[u.type].bonus;
  return inches * 6096 + (keepsBonus ? bonus : 0);
}

/** Whether every swept region stays more than 12" from every enemy, with the too-close band. */
function farFromEnemy(
  ctx: Ctx,
  position: Position,
  id: string,
  regions: readonly Point[][],
): "yes" | "no" | "close" {
  const u = position.units[id];
  if (!u) return "no";
  const limit = ctx.rules.data.move.doubleBeyond;
  const band = ctx.options.greyAreas === "roll-off" ? ctx.rules.data.greyAreas.tooCloseToCall : 0;
  let close = false;
  for (const other of Object.values(position.units)) {
    if (other.side === u.side) continue;
    const enemy = unitPolygon(ctx, other);
    for (const r of regions) {
      if (
        convexWithin(r, enemy, limit - band) &&
        (band === 0 || !convexWithin(r, enemy, limit - band - 1) || true)
      ) {
        if (band === 0 || convexWithin(r, enemy, limit - band - 1)) return "no";
        close = true;
      } else if (band > 0 && convexWithin(r, enemy, limit + band)) close = true;
    }
  }
  return close ? "close" : "yes";
}

export function checkMove(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
  dice: DiceSource,
): Out<MoveStep> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`));
  if (u.acted !== "rolled")
    return no(
      ruleError("move/not-rolled", "1.2 Move", `roll ${id}'s move first (1Dx plus its Bonus)`, { unit: id }),
    );
  const played = playProgram(ctx, u.type, poseOf(u), u.formation, program);
  const refusal = shapeRefusal(ctx, id, position, played) ?? placeRefusal(ctx, position, id, played);
  if (refusal) return no(refusal);
  const column = u.formation === "column" && played.formation === "column";
  const keepsBonus = played.straightOnly || (column && played.reforms === 0);
  const allowance = allowanceOf(ctx, position, id, keepsBonus);
  const travel = Math.max(...played.corners);
  const events: GameEvent[] = [];
  let settled = position.settled;
  let limit = allowance;
  let doubled = false;
  if (
    travel >
    allowance - (ctx.options.greyAreas === "roll-off" ? ctx.rules.data.greyAreas.tooCloseToCall : 0)
  ) {
    const before = unitPolygon(ctx, u);
    const far = farFromEnemy(ctx, position, id, [before, ...played.sweeps.map((s) => s.region)]);
    const m = measureWithin(
      ctx,
      { ...position, settled },
      dice,
      {
        key: `double:${id}`,
        question: `does ${id}'s move remain over 12 inches from every enemy?`,
        acting: u.side,
      },
      far === "yes",
      far === "close",
    );
    if (!m.ok) return m;
    events.push(...m.value.events);
    if (m.value.settled) settled = { ...settled, [m.value.settled.key]: m.value.settled.answer };
    if (m.value.within && travel > allowance) {
      limit = allowance * ctx.rules.data.move.doubleFactor;
      doubled = true;
    }
  }
  const over = measureWithin(
    ctx,
    { ...position, settled },
    dice,
    {
      key: `allowance:${id}:${limit}`,
      question: `is every corner of ${id} within its allowance?`,
      acting: u.side,
    },
    travel <= limit,
    travelTooCloseToCall(ctx, travel, limit),
  );
  if (!over.ok) return over;
  events.push(...over.value.events);
  if (over.value.settled) settled = { ...settled, [over.value.settled.key]: over.value.settled.answer };
  if (!over.value.within) {
    if (events.length > 0) return yes({ position: { ...position, settled }, events }); // a lost roll-off is kept
    return no(
      ruleError(
        "move/over-allowance",
        "1.2 Move",
        `a corner of ${id} would travel ${(travel / 6096).toFixed(2)}" of ${(limit / 6096).toFixed(2)}"`,
        { unit: id },
      ),
    );
  }
  return drill(ctx, { ...position, settled }, id, played, dice, events, { travel, limit, doubled });
}

/** The Poor Drill rule (designed, ACW): a militia unit changing formation needs the rules data's score on a Dx. */
function drill(
  ctx: Ctx,
  position: Position,
  id: string,
  played: Played,
  dice: DiceSource,
  events: GameEvent[],
  metered: { travel: number; limit: number; doubled: boolean },
): Out<MoveStep> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`));
  if (played.formationChanged && ctx.options.acw === "on" && ctx.traits[id]?.militia) {
    const r = dice.roll();
    if (!r.ok) return r;
    events.push({ type: "die-rolled", value: r.value, purpose: "drill", unit: id });
    if (r.value < ctx.rules.data.acw.poorDrill) {
      events.push({ type: "drill-failed", unit: id, roll: r.value });
      return yes({
        position: { ...position, units: { ...position.units, [id]: { ...u, acted: "moved" } } },
        events,
      });
    }
  }
  const moved = { ...u, ...played.pose, formation: played.formation, acted: "moved" as const };
  events.push({
    type: "moved",
    unit: id,
    x: moved.x,
    y: moved.y,
    facing: moved.facing,
    formation: moved.formation,
    travel: Math.ceil(metered.travel),
    allowance: metered.limit,
    doubled: metered.doubled,
  });
  return yes({ position: { ...position, units: { ...position.units, [id]: moved } }, events });
}
