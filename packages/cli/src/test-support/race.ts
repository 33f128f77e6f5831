/**
 * A rule system that is not Musket & Pike, for the shell's tests: a race.
 * Each seat in turn steps its counter on by 1, 2 or 3 (or by a die, a d6
 * halved, rounded up); the first to reach the target wins. Its rules data
 * is the target ({ "target": 10 }).
 */
import {
  D6,
  type DataError,
  dataError,
  err,
  makeRuleError,
  ok,
  otherSeat,
  type Result,
  type RuleSystem,
  rollFaces,
  type Seat,
} from "@tercio/core";
import type { SystemEntry } from "@tercio/systems";

export interface RacePosition {
  readonly format: "race@1";
  readonly target: number;
  readonly counts: readonly [number, number];
  readonly next: Seat;
  readonly prng: string;
}

export type RaceAction = { readonly type: "step"; readonly by: number } | { readonly type: "roll" };

type RaceSystem = RuleSystem<
  { readonly target: number },
  RacePosition,
  RaceAction,
  string,
  Record<string, never>
>;

function isSeat(x: unknown): x is Seat {
  return x === "first" || x === "second";
}

export function raceSystem(target = 10): RaceSystem {
  const winner = (p: RacePosition): Seat | null =>
    p.counts[0] >= p.target ? "first" : p.counts[1] >= p.target ? "second" : null;
  const step = (p: RacePosition, by: number, prng: string): RacePosition => {
    const [a, b] = p.counts;
    return { ...p, counts: p.next === "first" ? [a + by, b] : [a, b + by], next: otherSeat(p.next), prng };
  };
  return {
    id: "race",
    title: "Race to the target",
    version: "1",
    replaysVersion: (v) => v === "1",
    rules: { version: `target ${target}`, hash: target.toString(16).padStart(16, "0") },
    dice: D6,
    errorCodes: ["race/step", "race/over"],
    scenarios: () => [{ id: "sprint", name: "Sprint", summary: `first to ${target}` }],
    options: () => [],
    parseSetup(raw) {
      const scenario = (raw as { scenario?: unknown } | null)?.scenario;
      if (scenario !== "sprint")
        return err(dataError("setup", [{ path: "scenario", message: `no scenario "${String(scenario)}"` }]));
      return ok({ scenario, options: {} });
    },
    context: () => ok({ target }),
    open: (_ctx, _setup, prng) =>
      ok({
        position: { format: "race@1", target, counts: [0, 0], next: "first", prng },
        events: [],
        dice: [],
      }),
    setupOf: () => ({ scenario: "sprint", options: {} }),
    parseAction(raw): Result<RaceAction, DataError> {
      const a = raw as { type?: unknown; by?: unknown } | null;
      if (a?.type === "roll") return ok({ type: "roll" });
      if (a?.type === "step" && typeof a.by === "number") return ok({ type: "step", by: a.by });
      return err(
        dataError("action", [{ path: "type", message: 'a {"type":"step","by":n} or {"type":"roll"}' }]),
      );
    },
    parsePosition(raw) {
      const p = raw as Partial<RacePosition> | null;
      const counts = p?.counts;
      if (
        p?.format !== "race@1" ||
        p.target !== target ||
        !Array.isArray(counts) ||
        counts.length !== 2 ||
        !isSeat(p.next) ||
        typeof p.prng !== "string"
      )
        return err(dataError("position", [{ path: "format", message: "not a race position" }]));
      return ok({ ctx: { target }, position: p as RacePosition });
    },
    makePosition: (p) => p,
    hash: (p) => `${p.counts[0].toString(16).padStart(8, "0")}${p.counts[1].toString(16).padStart(8, "0")}`,
    apply(_ctx, p, action, dice) {
      if (winner(p)) return err(makeRuleError("race/over", "R3", "R3", "the race is over"));
      if (action.type === "roll") {
        const given = dice?.[0];
        const rolled = given === undefined ? rollFaces(p.prng, D6) : { value: given, state: p.prng };
        const by = Math.ceil(rolled.value / 2);
        return ok({
          position: step(p, by, rolled.state),
          events: [`rolled ${rolled.value}: +${by}`],
          dice: [rolled.value],
        });
      }
      if (![1, 2, 3].includes(action.by))
        return err(makeRuleError("race/step", "R2", "R2", "a step is 1, 2 or 3"));
      return ok({ position: step(p, action.by, p.prng), events: [`+${action.by}`], dice: [] });
    },
    toAct: (p) => (winner(p) ? null : p.next),
    result: (p) => {
      const w = winner(p);
      return w ? { winner: w, reason: `${w} reached ${p.target}` } : null;
    },
    publicView: (p) => p,
    diceState: (p) => p.prng,
    legalActions: (_ctx, p) =>
      winner(p)
        ? []
        : [{ type: "step", by: 1 }, { type: "step", by: 2 }, { type: "step", by: 3 }, { type: "roll" }],
    status: (_ctx, p) => ({
      turn: Math.max(p.counts[0], p.counts[1]),
      phase: winner(p) ? "over" : "race",
      text: `${p.counts[0]} to ${p.counts[1]}${winner(p) ? ", over" : `, ${p.next} to step`}`,
    }),
    seatName: (_ctx, seat) => (seat === "first" ? "Hare" : "Tortoise"),
    describeEvent: (_ctx, e) => e,
    cite: (rule) => rule,
  };
}

/** The race as the registry lists a system; its rules data is { "target": n }. */
export const RACE_ENTRY: SystemEntry = {
  id: "race",
  title: "Race to the target",
  summary: "a test system: two counters race to a target",
  load(rulesData) {
    if (rulesData === undefined) return ok(raceSystem());
    const target = (rulesData as { target?: unknown } | null)?.target;
    if (typeof target !== "number" || !Number.isInteger(target) || target < 1)
      return err(dataError("rules data", [{ path: "target", message: "a whole number, at least 1" }]));
    return ok(raceSystem(target));
  },
};
