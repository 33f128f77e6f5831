import type { MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import { occupy } from "../control.js";
import type { GameEvent } from "../events.js";
import { directionBetween, idOf, indexOfId } from "../hex/grid.js";
import { err, ok, type Result } from "../result.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Step } from "../sequence.js";
import type { Position, UnitId } from "../state/position.js";
import { sortedStacks, withoutUnit, withUnitOnTop } from "../state/stacks.js";
import { type Mover, OFF_MAP, stepHalfCost, whyNot } from "./cost.js";
import { mover, needsLimbering } from "./mover.js";
import { type Occupancy, occupancy } from "./occupancy.js";
import { EXIT_HALF_COST, entryHexes } from "./reachability.js";
import { overstackError } from "./stacking-guard.js";

/**
 * 5.1-5.4: a unit's whole move for the phase, checked step by step. The
 * unit pays for each hex as it enters it (5.2H), never enters enemy hexes
 * (5.2F), moves through friends freely (5.2J), and moves only limbered if it
 * is artillery (5.4L). It ends on top of its new hex's stack.
 */
export function applyMove(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  steps: readonly MoveStep[],
): Result<Step, RuleError> {
  const inPlace = steps.every((s) => s === "limber" || s === "unlimber");
  const who = mover(ctx, position, unit, undefined, inPlace);
  if (!who.ok) return who;
  const m = who.value;
  const occ = occupancy(ctx.map, position);
  const walked = walk(ctx, occ, m, steps);
  if (!walked.ok) return walked;
  const { at, spent, limbered, exited } = walked.value;
  if (!exited) {
    const stuck = overstackError(ctx, position, occ, m, at);
    if (stuck) return err(stuck);
  }
  const from = m.start === OFF_MAP ? "off-map" : idOf(ctx.map.grid, m.start);
  let stacks = withoutUnit(position.stacks, unit);
  let offMap = position.offMap;
  let control = position.control;
  const events: GameEvent[] = [];
  if (exited) {
    offMap = { ...withoutKey(offMap, unit), [unit]: "exited" };
  } else {
    stacks = withUnitOnTop(stacks, idOf(ctx.map.grid, at), unit);
    if (m.start === OFF_MAP) offMap = withoutKey(offMap, unit);
  }
  const next: Position = {
    ...position,
    units: { ...position.units, [unit]: { ...m.unit, limbered } },
    stacks: sortedStacks(stacks),
    offMap,
    moved: [...position.moved, unit],
    control,
  };
  events.push({
    type: "unit-moved",
    unit,
    from,
    steps: [...steps],
    to: exited ? "exited" : idOf(ctx.map.grid, at),
    cost: spent / 2,
  });
  if (!exited && at !== m.start) {
    const occupied = occupy(ctx, next, at, m.unit.side);
    control = occupied.control;
    events.push(...occupied.events);
  }
  return ok({ position: { ...next, control }, events });
}

interface Walked {
  readonly at: number;
  readonly spent: number;
  readonly limbered: boolean;
  readonly exited: boolean;
}

function walk(
  ctx: GameContext,
  occ: Occupancy,
  m: Mover,
  steps: readonly MoveStep[],
): Result<Walked, RuleError> {
  const { grid } = ctx.map;
  const allowance = m.stats.movement * 2;
  const about = { unit: m.id };
  let at = m.start;
  let spent = 0;
  let limbered = m.unit.limbered;
  let exited = false;
  const pay = (halves: number, what: string): RuleError | undefined => {
    if (spent + halves <= allowance) {
      spent += halves;
      return undefined;
    }
    return ruleError(
      "move/insufficient-mp",
      "5.2H",
      `${what} costs ${halves / 2} MP and ${m.id} has ${(allowance - spent) / 2} of its ${allowance / 2} left`,
      about,
    );
  };
  for (const [i, step] of steps.entries()) {
    if (exited)
      return err(
        ruleError("move/after-exit", "5.1C", `${m.id} has left the map; nothing may follow "exit"`, about),
      );
    if (step === "limber" || step === "unlimber") {
      if (!needsLimbering(m)) {
        return err(
          ruleError("move/not-artillery", "5.4L", `only artillery limbers and unlimbers, not ${m.id}`, about),
        );
      }
      if (limbered === (step === "limber")) {
        return err(
          ruleError(
            "move/formation",
            "5.4L",
            `${m.id} is already ${limbered ? "limbered" : "unlimbered"}`,
            about,
          ),
        );
      }
      const e = pay(ctx.rules.limberHalfCost, step === "limber" ? "limbering" : "unlimbering");
      if (e) return err(e);
      limbered = step === "limber";
      continue;
    }
    if (step === "exit") {
      if (at === OFF_MAP || ctx.exitHexes[m.unit.side][at] !== 1) {
        return err(
          ruleError(
            "move/no-exit",
            exitRule(ctx),
            `${m.id} may not leave the map from ${at === OFF_MAP ? "off the map" : idOf(grid, at)}`,
            about,
          ),
        );
      }
      const e = pay(EXIT_HALF_COST, "leaving the map");
      if (e) return err(e);
      exited = true;
      continue;
    }
    const to = indexOfId(grid, step);
    if (to < 0)
      return err(ruleError("move/off-map", "5.1C", `hex ${step} is not on the map`, { ...about, hex: step }));
    if (needsLimbering(m) && !limbered) {
      return err(
        ruleError("move/unlimbered", "5.4L", `${m.id} must limber before it moves`, { ...about, hex: step }),
      );
    }
    if (at === OFF_MAP) {
      if (i > 0 || !entryHexes(ctx, m).includes(to)) {
        return err(
          ruleError("move/entry-hex", ctx.scenario.id, `${m.id} may not enter the map at ${step}`, {
            ...about,
            hex: step,
          }),
        );
      }
    } else if (directionBetween(grid, at, to) === undefined) {
      return err(
        ruleError(
          "move/not-adjacent",
          "5.1C",
          `${step} is not adjacent to ${idOf(grid, at)}: units move hex by hex`,
          {
            ...about,
            hex: step,
          },
        ),
      );
    }
    const cost = stepHalfCost(ctx, occ, m, at, to);
    if (cost === PROHIBITED) return err(whyNot(ctx, occ, m, to));
    const e = pay(cost, `entering ${step}`);
    if (e) return err(e);
    at = to;
  }
  if (at === OFF_MAP)
    return err(ruleError("move/no-entry", "5.1C", `${m.id} has not entered the map`, about));
  return ok({ at, spent, limbered, exited });
}

function exitRule(ctx: GameContext): string {
  return ctx.scenario.victory.conditions.some((c) => c.condition.kind === "exit") ? ctx.scenario.id : "8.2";
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}
