import { err, ok, type Result } from "@tercio/core";
import type { MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import { occupyControl } from "../control.js";
import type { GameEvent } from "../events.js";
import { directionBetween, idOf, indexOfId } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Step } from "../sequence.js";
import type { Position, UnitId } from "../state/position.js";
import { stackAt, withStacks } from "../state/stacks.js";
import { type Mover, OFF_MAP, roadUse, stepHalfCost, whyNot } from "./cost.js";
import { mover, needsLimbering } from "./mover.js";
import { EMPTY, type Occupancy, sharedOccupancy } from "./occupancy.js";
import { EXIT_HALF_COST, entryHexes } from "./reachability.js";
import { ROAD_MODE_HALF_COST } from "./road-mode.js";
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
  const occ = sharedOccupancy(ctx.map, position);
  const walked = walk(ctx, occ, m, steps);
  if (!walked.ok) return walked;
  if (!walked.value.exited) {
    const stuck = overstackError(ctx, position, occ, m, walked.value.at);
    if (stuck) return err(stuck);
  }
  return ok(moveUnits(ctx, position, [{ unit, start: m.start, steps, walked: walked.value }]));
}

/** A move already checked: the unit, the hex it started from (OFF_MAP to enter), its steps and their walk. */
export interface CheckedMove {
  readonly unit: UnitId;
  readonly start: number;
  readonly steps: readonly MoveStep[];
  readonly walked: Walked;
}

/**
 * applyMove's second half: the position after moves already checked (their
 * walks), one after another, and their events. Each unit leaves its stack
 * and ends on top of its new hex's (10.2), or leaves the map (16.22); it
 * has moved (5.2G); the hex it ends in is occupied (16.0). `apply` makes
 * one move at a time; a playout's board, which lists only legal moves,
 * makes a Movement Phase's moves in one go, copying the position's records
 * once rather than once a move.
 */
export function moveUnits(ctx: GameContext, position: Position, moves: readonly CheckedMove[]): Step {
  const units: Record<UnitId, Position["units"][string]> = { ...position.units };
  const changed: Record<string, readonly UnitId[]> = {};
  const stack = (hex: string) => changed[hex] ?? stackAt(position, hex);
  let offMap = position.offMap;
  let control = position.control;
  const moved = [...position.moved];
  const events: GameEvent[] = [];
  for (const { unit, start, steps, walked } of moves) {
    const { at, spent, limbered, exited, roadMode } = walked;
    const record = units[unit] as Position["units"][string];
    const from = start === OFF_MAP ? "off-map" : idOf(ctx.map.grid, start);
    if (start !== OFF_MAP) changed[from] = stack(from).filter((id) => id !== unit);
    if (exited) {
      offMap = { ...withoutKey(offMap, unit), [unit]: "exited" };
    } else {
      const to = idOf(ctx.map.grid, at);
      changed[to] = placed(units, stack(to), unit, roadMode);
      if (start === OFF_MAP) offMap = withoutKey(offMap, unit);
    }
    units[unit] = { ...record, limbered, roadMode };
    moved.push(unit);
    events.push({
      type: "unit-moved",
      unit,
      from,
      steps: [...steps],
      to: exited ? "exited" : idOf(ctx.map.grid, at),
      cost: spent / 2,
    });
    if (!exited && at !== start) {
      const occupied = occupyControl(ctx, control, at, record.side);
      control = occupied.control;
      events.push(...occupied.events);
    }
  }
  const stacks = withStacks(position.stacks, changed);
  return { position: { ...position, units, stacks, offMap, moved, control }, events };
}

export interface Walked {
  readonly at: number;
  readonly spent: number;
  readonly limbered: boolean;
  readonly exited: boolean;
  /** 13.0: in Road Movement Mode at the end of the move. */
  readonly roadMode: boolean;
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
  let roadMode = m.unit.roadMode;
  let stopped = false;
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
    if (step === "road-mode" || step === "leave-road-mode") {
      const e = changeRoadMode(ctx, m, step, at, steps.slice(0, i), roadMode, stopped);
      if (e) return err(e);
      const paid = pay(
        ROAD_MODE_HALF_COST,
        step === "road-mode" ? "converting to Road Mode" : "leaving Road Mode",
      );
      if (paid) return err(paid);
      roadMode = step === "road-mode";
      continue;
    }
    if (stopped) {
      return err(
        ruleError(
          "move/road-space-stop",
          "13.0A",
          `${m.id} entered the Road Movement Space of an enemy unit in Road Mode at ${idOf(grid, at)} and must stop there (errata)`,
          about,
        ),
      );
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
      if (!steps.slice(0, i).every(beforeEntry) || !entryHexes(ctx, m).includes(to)) {
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
    const use = roadMode ? "road" : roadUse(m, false);
    const cost = stepHalfCost(ctx, occ, m, at, to, -1, use);
    if (cost === PROHIBITED) {
      if (roadMode && occ.side[to] === EMPTY) {
        return err(
          ruleError(
            "move/road-mode-off-road",
            "13.0",
            `in Road Mode ${m.id} moves only along the road, not to ${step}`,
            {
              ...about,
              hex: step,
            },
          ),
        );
      }
      return err(whyNot(ctx, occ, m, to));
    }
    if (roadMode && m.roads?.overlap[to] === 1) {
      return err(
        ruleError(
          "move/road-space-overlap",
          "13.0A",
          `in ${step} ${m.id}'s Road Movement Space would overlap another unit's in Road Mode`,
          { ...about, hex: step },
        ),
      );
    }
    const e = pay(cost, `entering ${step}`);
    if (e) return err(e);
    at = to;
    // 13.0A errata: a unit not in Road Mode stops on entering an enemy's Road Movement Space.
    if (!roadMode && m.roads?.enemySpace[to] === 1) stopped = true;
  }
  if (at === OFF_MAP)
    return err(ruleError("move/no-entry", "5.1C", `${m.id} has not entered the map`, about));
  return ok({ at, spent, limbered, exited, roadMode });
}

/**
 * What a unit entering from a map edge may do before its first hex: limber, since artillery moves
 * only limbered (5.4L) and entering is a move, and convert to Road Mode where its force may enter
 * in it (16.22). New games bring guns on limbered; a position file may hold one unlimbered.
 */
function beforeEntry(step: MoveStep): boolean {
  return step === "limber" || step === "road-mode";
}

function exitRule(ctx: GameContext): string {
  return ctx.scenario.victory.conditions.some((c) => c.condition.kind === "exit") ? ctx.scenario.id : "8.2";
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** 13.0: converting into or out of Road Movement Mode at this point of a move, or why not. */
function changeRoadMode(
  ctx: GameContext,
  m: Mover,
  step: "road-mode" | "leave-road-mode",
  at: number,
  before: readonly MoveStep[],
  roadMode: boolean,
  stopped: boolean,
): RuleError | undefined {
  const about = { unit: m.id };
  if (!m.roads || m.fleet) {
    return ruleError(
      "move/road-mode-not-in-play",
      "13.0",
      "Road Movement Mode is not in play for this unit",
      about,
    );
  }
  if (step === "leave-road-mode") {
    return roadMode ? undefined : ruleError("move/road-mode", "13.0", `${m.id} is not in Road Mode`, about);
  }
  if (roadMode) return ruleError("move/road-mode", "13.0", `${m.id} is already in Road Mode`, about);
  if (at === OFF_MAP) {
    // 16.22: "may enter in Road Movement Mode": converting before the first hex, onto a road at the edge
    // (an unlimbered gun limbers first, 5.4L).
    return before.every((s) => s === "limber") && m.roads.entersInRoadMode
      ? undefined
      : ruleError("move/road-mode-entry", "13.0", `${m.id} may not enter the map in Road Mode`, about);
  }
  if (stopped)
    return ruleError("move/road-space-stop", "13.0A", `${m.id} must stop where it is (errata)`, about);
  if ((ctx.map.roadMask[at] as number) === 0) {
    return ruleError("move/road-mode-off-road", "13.0", `${m.id} is not on a road`, {
      ...about,
      hex: idOf(ctx.map.grid, at),
    });
  }
  if (m.roads.overlap[at] === 1) {
    return ruleError(
      "move/road-space-overlap",
      "13.0A",
      `${m.id}'s Road Movement Space would overlap another unit's in Road Mode`,
      { ...about, hex: idOf(ctx.map.grid, at) },
    );
  }
  return undefined;
}

/**
 * A unit ends its move on top of its hex (10.2), except beneath a friendly
 * unit in Road Mode, which always stays topmost (13.0E).
 */
function placed(units: Position["units"], ids: readonly UnitId[], unit: UnitId, roadMode: boolean): UnitId[] {
  const top = ids[0];
  if (roadMode || top === undefined || !units[top]?.roadMode) return [unit, ...ids];
  return [top, unit, ...ids.slice(1)];
}
