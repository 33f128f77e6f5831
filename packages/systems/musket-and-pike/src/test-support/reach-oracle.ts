import { expect } from "vitest";
import type { MoveStep } from "../actions.js";
import { apply } from "../apply.js";
import type { GameContext } from "../context.js";
import { disc, idOf, indexOfId } from "../hex/grid.js";
import { legalMoves, type UnitMoves } from "../legal.js";
import type { Position, UnitId } from "../state/position.js";
import { hexOfUnit } from "../state/stacks.js";

/**
 * A test oracle for the reachability search (reachability.ts), through the
 * public API alone: the moves `legalMoves` lists are checked against what
 * `apply` accepts, step by step (move.ts checks a submitted move without the
 * search).
 *
 * - Every listed destination is a legal move, by its listed steps, ending
 *   there in the listed mode at the listed cost; likewise the exit (16.22),
 *   and unlimbering where `canUnlimber` says so (5.4L).
 * - No legal move does better: every state listed (and the start) extended
 *   by one more step that `apply` accepts lands on a listed state no dearer
 *   than that. By induction along any legal move, no state is missing and
 *   none is listed dearer than its cheapest move (5.1A, 5.2H).
 *
 * Fixtures must not overstack (10.0 hides hexes a unit may pass through).
 */
export function expectListedMovesAreTheLegalOnes(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
): UnitMoves {
  const listed = legalMoves(ctx, position, unit);
  if (!listed.ok) throw new Error(listed.error.message);
  const moves = listed.value;
  const { grid } = ctx.map;
  const byState = new Map(moves.destinations.map((d) => [stateKey(d.hex, d.roadMode), d]));
  const tried = (steps: readonly MoveStep[]) => moved(ctx, position, unit, steps);
  for (const d of moves.destinations) {
    expect(tried(d.steps), `${unit} to ${d.hex} by ${d.steps.join(" ")}`).toEqual({
      to: d.hex,
      cost: d.cost,
      roadMode: d.roadMode,
    });
    const unlimbered = tried([...d.steps, "unlimber"]);
    expect(unlimbered !== undefined, `${unit} unlimbering in ${d.hex}`).toBe(d.canUnlimber);
  }
  // Hex by hex in map order, out of Road Mode before in it.
  const order = moves.destinations.map((d) => [indexOfId(grid, d.hex), d.roadMode ? 1 : 0] as const);
  expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));

  const startHex = hexOfUnit(position, unit);
  const startRoadMode = position.units[unit]?.roadMode ?? false;
  const start = startHex === undefined ? undefined : indexOfId(grid, startHex);
  const before: MoveStep[] =
    position.units[unit]?.limbered === false && moves.destinations.some((d) => d.steps[0] === "limber")
      ? ["limber"]
      : [];
  if (moves.exit) {
    expect(tried(moves.exit.steps)).toMatchObject({ to: "exited", cost: moves.exit.cost });
    // By the cheapest hex to leave from, the lowest in map order on a tie (so that listings are stable).
    const side = position.units[unit]?.side ?? "first";
    const exitable = (hex: string) => ctx.exitHexes[side][indexOfId(grid, hex)] === 1;
    const from = moves.exit.steps.filter((x) => indexOfId(grid, x) >= 0).at(-1) ?? startHex;
    const ties = moves.destinations.filter((d) => exitable(d.hex) && d.cost + 1 === moves.exit?.cost);
    const standing = startHex !== undefined && tried([...before, "exit"])?.cost === moves.exit.cost;
    expect(from).toBe([...(standing ? [startHex] : []), ...ties.map((d) => d.hex)].sort()[0]);
  }
  const paths: { steps: readonly MoveStep[]; at: number | undefined }[] = [
    { steps: before, at: start },
    ...moves.destinations.map((d) => ({ steps: d.steps, at: indexOfId(grid, d.hex) })),
  ];
  for (const { steps, at } of paths) {
    const next: MoveStep[][] =
      at === undefined
        ? grid.ids.flatMap((id) => [[id], ["road-mode", id]])
        : [
            ...disc(grid, at, 1)
              .filter((n) => n !== at)
              .map((n) => [idOf(grid, n)]),
            ["road-mode"],
            ["leave-road-mode"],
            ["exit"],
          ];
    for (const more of next) {
      const r = tried([...steps, ...more]);
      if (!r) continue;
      const what = `${unit} by ${[...steps, ...more].join(" ")} (${r.cost} MP)`;
      if (r.to === "exited") {
        expect(moves.exit?.cost, what).toBeLessThanOrEqual(r.cost);
        continue;
      }
      if (r.to === startHex && r.roadMode === startRoadMode) continue;
      const d = byState.get(stateKey(r.to, r.roadMode));
      expect(d?.cost, what).toBeLessThanOrEqual(r.cost);
    }
  }
  return moves;
}

function stateKey(hex: string, roadMode: boolean): string {
  return `${hex}/${roadMode ? "road" : "plain"}`;
}

/** Where a move ends, in which mode and at what cost, or undefined when `apply` refuses it. */
function moved(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  steps: readonly MoveStep[],
): { to: string; cost: number; roadMode: boolean } | undefined {
  if (steps.length === 0) return undefined;
  const r = apply(ctx, position, { type: "move", unit, steps: [...steps] });
  if (!r.ok) return undefined;
  const e = r.value.events.find((x) => x.type === "unit-moved");
  if (e?.type !== "unit-moved") throw new Error("a move without its event");
  return { to: e.to, cost: e.cost, roadMode: r.value.position.units[unit]?.roadMode ?? false };
}
