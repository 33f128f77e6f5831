import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import { legalMoves } from "../legal.js";
import type { Position } from "../state/position.js";
import { field } from "../test-support/combat.js";

/*
 * The 10.0 guard on a move (stacking-guard.ts): a move may overstack a hex
 * only while enough units there can still move out to a hex with room.
 * Grantham (16.32) on the test map: the First Player stacks two.
 */
const move = (unit: string, ...steps: string[]): Action => ({ type: "move", unit, steps });
const movement = { phase: "movement" as const };

function withMoved(
  stacks: Record<string, string[]>,
  moved: string[],
  options = {},
): ReturnType<typeof field> {
  const { ctx, position } = field(stacks, { ...movement, ...options });
  const p: Position = { ...position, moved };
  return { ctx, position: p };
}

describe("10.0 a move into a full hex", () => {
  it("[10.0] a hex full of units that have moved is no destination, and moving there is refused", () => {
    const { ctx, position } = withMoved(
      { "0606": ["B-PP1", "B-PP2"], "0608": ["B-PP3"], "1110": ["G-PP1"] },
      ["B-PP1", "B-PP2"],
    );
    const r = legalMoves(ctx, position, "B-PP3");
    if (!r.ok) throw new Error(r.error.message);
    const hexes = r.value.destinations.map((d) => d.hex);
    expect(hexes).toContain("0607");
    expect(hexes).not.toContain("0606");
    const refused = apply(ctx, position, move("B-PP3", "0607", "0606"));
    expect(refused.ok || refused.error).toEqual({
      code: "stacking/unresolvable",
      rule: "10.0",
      message:
        "10.0: B-PP3 would make 3 units in 0606 (limit 2) and too few of them could still move out before the Movement Phase ends",
      unit: "B-PP3",
      hex: "0606",
    });
  });

  it("[10.0] [5.4L] a unit that cannot move out does not count: unlimbered Heavy Artillery has no MP left after limbering", () => {
    const { ctx, position } = withMoved(
      { "0606": ["B-HA1", "B-PP2"], "0607": ["B-PP3"], "1110": ["G-PP1"] },
      ["B-PP2"],
    );
    const r = apply(ctx, position, move("B-PP3", "0606"));
    expect(r.ok || r.error.code).toBe("stacking/unresolvable");
  });

  it("[10.0] a unit that can move out only through a full hex of friends (5.2J) still counts", () => {
    // 1210 is a corner: its neighbours are 1209 (full) and 1110 (the enemy). B-PP1 can go on through 1209.
    const { ctx, position } = withMoved(
      {
        "1210": ["B-PP1", "B-PP2"],
        "1209": ["B-PP4", "B-PP5"],
        "1208": ["B-PP3"],
        "1110": ["G-PP1"],
      },
      ["B-PP2", "B-PP4", "B-PP5"],
    );
    const r = apply(ctx, position, move("B-PP3", "1209", "1210"));
    expect(r.ok && r.value.position.stacks["1210"]).toEqual(["B-PP3", "B-PP1", "B-PP2"]);
  });

  it("[10.0] [5.4L] limbering in place in a hex over the limit counts the other units only", () => {
    // 0606 is one over; B-PP1 can still leave, B-HA1 (limbering uses its 3 MP) and B-PP2 (moved) cannot.
    const { ctx, position } = withMoved({ "0606": ["B-HA1", "B-PP1", "B-PP2"], "1110": ["G-PP1"] }, [
      "B-PP2",
    ]);
    const r = apply(ctx, position, move("B-HA1", "limber"));
    expect(r.ok && r.value.position.units["B-HA1"]?.limbered).toBe(true);
  });
  it("[10.0] [5.2G] a gun limbering in place in a hex over the limit does not count itself among those that can leave", () => {
    // 0606 is one over. Before limbering B-MA1 could still have moved out (5 MP, 3 to limber), but
    // limbering is its move (5.2G); B-PP1 and B-PP2 have moved: nobody is left to cure the hex.
    const { ctx, position } = withMoved({ "0606": ["B-MA1", "B-PP1", "B-PP2"], "1110": ["G-PP1"] }, [
      "B-PP1",
      "B-PP2",
    ]);
    const r = apply(ctx, position, move("B-MA1", "limber"));
    expect(r.ok || r.error.message).toBe(
      "10.0: B-MA1 would make 3 units in 0606 (limit 2) and too few of them could still move out before the Movement Phase ends",
    );
  });

  it("[10.0] [5.4L] a unit whose every reachable hex is full does not count, whatever full hex it reaches", () => {
    // 1210 is a corner: its neighbours are 1209 and 1110 (the enemy); 1209's are 1208 (the enemy), 1109 and 1110.
    // B-MA1 is unlimbered: limbering leaves it 2 MP, enough for 1209 and 1109 only, both full once B-PP3 has left.
    const stacks = (q: string[]) => ({
      "1210": ["B-MA1", "B-PP2"],
      "1209": ["B-PP3", "B-PP4", "B-PP5"],
      "1109": q,
      "1208": ["G-PP2"],
      "1110": ["G-PP1"],
    });
    const full = withMoved(stacks(["B-PP6", "B-PP7"]), ["B-PP2", "B-PP4", "B-PP5", "B-PP6", "B-PP7"]);
    const r = apply(full.ctx, full.position, move("B-PP3", "1210"));
    expect(r.ok || r.error.code).toBe("stacking/unresolvable");
    // With room in 1109 B-MA1 can still move out, and the move stands.
    const room = withMoved(stacks(["B-PP6"]), ["B-PP2", "B-PP4", "B-PP5", "B-PP6"]);
    expect(apply(room.ctx, room.position, move("B-PP3", "1210")).ok).toBe(true);
  });

  it("[10.0] [16.22] a unit whose only way out of a full hex is off the map still counts", () => {
    // Fleurus: the Protestants (three a hex) leave by the north edge near the road, 0501 among its hexes.
    // 0501's neighbours are 0401 and 0601 (the enemy) and 0502, as full as 0501; beyond 0502 the enemy
    // holds 0402, 0602 and 0503. G-PP4 moving up from 0502 makes four in 0501; the three there can
    // still go, off the map.
    const stacks = {
      "0501": ["G-PP1", "G-PP2", "G-PP3"],
      "0502": ["G-PP4", "G-PP5", "G-PP6"],
      "0401": ["B-PP1"],
      "0601": ["B-PP2"],
      "0402": ["B-PP3"],
      "0602": ["B-PP4"],
      "0503": ["B-PP5"],
    };
    const { ctx, position } = withMoved(stacks, ["G-PP5", "G-PP6"], { scenario: "16.22", phasing: "second" });
    const r = apply(ctx, position, move("G-PP4", "0501"));
    expect(r.ok && r.value.position.stacks["0501"]).toEqual(["G-PP4", "G-PP1", "G-PP2", "G-PP3"]);
  });
});
