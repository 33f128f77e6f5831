import { type Action, applyAction, type GameEvent, type Position } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../shell/system-view.js";
import { lastWorking } from "./last-working.js";
import { opening, withUnit } from "./test-game.js";

const { ctx, position } = opening("river-crossing");
const IN = 6096;

function played(before: Position, action: Action, dice?: number[]): HistoryEntry<Action, GameEvent>[] {
  const out = applyAction(ctx, before, action, dice);
  if (!out.ok) throw new Error(out.error.message);
  return [{ action, seat: before.toMove, events: out.value.events }];
}

describe("the last action's working, measured again on the position before it", () => {
  const cav = position.units["A-CAV1"];
  if (!cav) throw new Error("A-CAV1");
  const before = withUnit(position, "D-INF1", { x: cav.x + 2 * IN, y: cav.y + 8 * IN, facing: 18000 });

  it("[004 Movement: Charge Moves] a charge: the path and side agree with the event", () => {
    const action: Action = { type: "charge", unit: "A-CAV1", target: "D-INF1", turn: 1000 };
    const history = played(before, action);
    const w = lastWorking(ctx, before, history);
    expect(w?.title).toMatch(/^last charge: A-CAV1 into D-INF1's /);
    expect(w?.check?.agrees).toBe(true);
    expect(w?.shapes.some((s) => s.label.startsWith("after the turn of 10º"))).toBe(true);
    // An event that says otherwise is called out.
    const [entry] = history;
    if (!entry) throw new Error("played");
    const forged = entry.events.map((e) => (e.type === "charged" ? { ...e, x: e.x + 1 } : e));
    expect(lastWorking(ctx, before, [{ ...entry, events: forged }])?.check?.agrees).toBe(false);
  });

  it("[004 Shooting] a shot: the die gives the recorded hits", () => {
    const art = position.units["A-ART1"];
    if (!art) throw new Error("A-ART1");
    const shooting: Position = {
      ...withUnit(position, "D-INF1", { x: art.x, y: art.y + 10 * IN, facing: 18000 }),
      phase: "shooting",
    };
    const history = played(shooting, { type: "shoot", unit: "A-ART1", target: "D-INF1" }, [5]);
    const w = lastWorking(ctx, shooting, history);
    expect(w?.title).toBe("last shot: A-ART1 at D-INF1, die 5, 3 hits");
    expect(w?.check).toEqual({
      agrees: true,
      text: "measured again: the die's 5 − 2 gives 3 hits, as recorded",
    });
    expect(w?.shapes.some((s) => s.label.startsWith("nearest points"))).toBe(true);
  });

  it("nothing for an action that neither rolled nor charged", () => {
    const history = played(position, { type: "end-phase" });
    expect(lastWorking(ctx, position, history)).toBeUndefined();
    expect(lastWorking(ctx, position, [])).toBeUndefined();
  });
});
