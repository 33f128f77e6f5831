import { describe, expect, it } from "vitest";
import { legalActions } from "./legal.js";
import type { Position } from "./position.js";
import {
  eventsOf,
  play,
  refusal,
  type TestTable,
  type TestUnit,
  table,
  withUnits,
} from "./test-support/table.js";

/**
 * Play Sequence: "A full turn has each player taking four phases: Attacker
 * [player A]: 1) Actions: Fire or Move, 2) Melee, 3) Routs and Rallies;
 * Defender [player D]: the same." Melee holds no choice and is resolved as
 * Actions end; Routs and Rallies is passed over when nobody may rally.
 * Victory (designed, the scenario's) is judged at the end of each half; the
 * game ends after the Defender's half of the last turn.
 */
const A: TestUnit = { id: "A", type: "infantry", x: 20, y: 10 };
const B: TestUnit = { id: "B", side: "second", type: "infantry", x: 50, y: 40, facing: 18000 };

function game(extra: Partial<TestTable> = {}, units: TestUnit[] = [A, B]) {
  return table({ ...extra, units });
}

const END = { type: "end-phase" } as const;

describe("[003 Play Sequence] attacker then defender: Actions, Melee, Routs and Rallies", () => {
  it("[003 Play Sequence] the game opens with the Attacker's Actions in turn 1", () => {
    expect(game().position).toMatchObject({ turn: 1, toMove: "first", phase: "actions" });
    expect(game({ attacker: "second" }).position).toMatchObject({
      turn: 1,
      toMove: "second",
      phase: "actions",
    });
  });

  it("[003 Play Sequence] nobody may rally: the Attacker's Actions end, then the Defender's Actions", () => {
    const { ctx, position } = game();
    const { position: next, events } = play(ctx, position, END);
    expect(next).toMatchObject({ turn: 1, toMove: "second", phase: "actions" });
    expect(events).toEqual([{ type: "phase-began", turn: 1, side: "second", phase: "actions" }]);
  });

  it("[003 Play Sequence] a unit that may rally: Routs and Rallies is offered, then the Defender", () => {
    const { ctx, position } = game();
    const hurt = withUnits(position, { A: { hits: 3 } });
    const rallies = play(ctx, hurt, END);
    expect(rallies.position).toMatchObject({ turn: 1, toMove: "first", phase: "rallies" });
    expect(rallies.events).toEqual([{ type: "phase-began", turn: 1, side: "first", phase: "rallies" }]);
    expect(legalActions(ctx, rallies.position)).toEqual([{ type: "rally", unit: "A" }, END]);
    expect(play(ctx, rallies.position, END).position).toMatchObject({ toMove: "second", phase: "actions" });
  });

  it("[003 Play Sequence] hits on the other side's units do not open this side's rallies", () => {
    const { ctx, position } = game();
    const next = play(ctx, withUnits(position, { B: { hits: 3 } }), END).position;
    expect(next).toMatchObject({ toMove: "second", phase: "actions" });
  });

  it("[003 Play Sequence] after the Defender's half, the next turn begins with the Attacker, every unit fresh", () => {
    const { ctx, position } = game();
    const defender = play(ctx, position, END).position;
    const moved = play(ctx, defender, { type: "roll-move", unit: "B" }, [4]).position;
    expect(moved.units.B).toMatchObject({ acted: "rolled", roll: 4 });
    const { position: turn2, events } = play(ctx, moved, END);
    expect(turn2).toMatchObject({ turn: 2, toMove: "first", phase: "actions" });
    expect(turn2.units.B).toMatchObject({ acted: "none", roll: 0 });
    expect(events).toEqual([{ type: "phase-began", turn: 2, side: "first", phase: "actions" }]);
  });

  it("[003 Play Sequence] only the acting player's units act", () => {
    const { ctx, position } = game();
    expect(refusal(ctx, position, { type: "roll-move", unit: "B" }, [3]).code).toBe("action/not-your-unit");
    expect(refusal(ctx, position, { type: "fire", unit: "B" }, [3]).code).toBe("action/not-your-unit");
  });

  it("[003 Play Sequence] [003 Melee] the Melee is resolved as the Actions end, before Routs and Rallies", () => {
    const { ctx, position } = game({}, [
      { id: "A", type: "cavalry", x: 36, y: 17.5 },
      { id: "B", side: "second", type: "infantry", x: 36, y: 20, facing: 18000 },
    ]);
    const charged: Position = {
      ...withUnits(position, { A: { acted: "charged" } }),
      contacts: [{ attacker: "A", defender: "B", side: "front" }],
    };
    const { events, position: next } = play(ctx, charged, END, [3, 2]);
    expect(events.map((e) => e.type)).toEqual([
      "die-rolled",
      "melee",
      "die-rolled",
      "fell-back",
      "phase-began",
    ]);
    expect(next.contacts).toEqual([]);
  });

  it("[003 Play Sequence] [003 Fire] a unit fires or moves, never both", () => {
    const { ctx, position } = game({}, [A, { ...B, x: 20, y: 16.5 }]);
    const fired = play(ctx, position, { type: "fire", unit: "A" }, [3]).position;
    expect(refusal(ctx, fired, { type: "roll-move", unit: "A" }, [3]).code).toBe("move/fired");
    expect(refusal(ctx, fired, { type: "reform", unit: "A", dx: 0, dy: -6096 }).code).toBe("move/fired");
    expect(refusal(ctx, fired, { type: "fire", unit: "A" }, [3]).code).toBe("action/already-acted");
    const rolled = play(ctx, position, { type: "roll-move", unit: "A" }, [3]).position;
    expect(refusal(ctx, rolled, { type: "fire", unit: "A" }, [3]).code).toBe("fire/moved");
  });

  it("[003 Play Sequence] [003 Grey Areas] roll-off answers last for the phase only", () => {
    const { ctx, position } = game();
    const settled = { ...position, settled: { "range:A:B:point-blank": true } };
    expect(play(ctx, settled, END).position.settled).toEqual({});
    const hurt = withUnits(settled, { A: { hits: 2 } });
    expect(play(ctx, hurt, END).position).toMatchObject({ phase: "rallies", settled: {} });
  });
});

describe("[003 Play Sequence] victory judged at each half's end; the game ends after the Defender's last half", () => {
  const destroyHalf = {
    suddenDeath: [{ kind: "destroy" as const, side: "first" as const, fraction: { num: 1, den: 2 } }],
    atEnd: [],
    otherwise: "draw" as const,
  };

  it("[003 Play Sequence] [003 Fire] a sudden death is judged at the end of the half, not at the shot", () => {
    const units: TestUnit[] = [A, { ...B, x: 20, y: 16.5 }, { ...B, id: "B2", x: 60 }];
    const { ctx, position } = game({ victory: destroyHalf }, units);
    const fired = play(ctx, withUnits(position, { B: { hits: 14 } }), { type: "fire", unit: "A" }, [3]);
    expect(fired.position.removed).toEqual(["B"]);
    expect(fired.position.result).toBeUndefined();
    const { position: over, events } = play(ctx, fired.position, END);
    expect(over.phase).toBe("over");
    expect(over.result).toEqual({ winner: "first", reason: "Red destroyed 1 of 2 enemy units" });
    expect(eventsOf(events, "game-ended")).toEqual([
      { type: "game-ended", winner: "first", reason: "Red destroyed 1 of 2 enemy units" },
    ]);
  });

  it("[003 Play Sequence] the game ends after the Defender's half of the last turn", () => {
    const { ctx, position } = game({ turns: 2 });
    let p = position;
    for (let half = 0; half < 3; half++) {
      p = play(ctx, p, END).position;
      expect(p.phase).toBe("actions");
    }
    expect(p).toMatchObject({ turn: 2, toMove: "second" });
    const { position: over } = play(ctx, p, END);
    expect(over).toMatchObject({ phase: "over", result: { winner: "draw" } });
    expect(over.result?.reason).toBe("neither side prevailed after 2 turns");
  });

  it("[003 Play Sequence] the Defender moving first changes nothing: the last half is still the Defender's", () => {
    const { ctx, position } = game({ turns: 1, attacker: "second" });
    const half = play(ctx, position, END).position;
    expect(half).toMatchObject({ turn: 1, toMove: "first", phase: "actions" });
    expect(play(ctx, half, END).position.phase).toBe("over");
  });

  it("[003 Play Sequence] once over, every action is refused and none is offered", () => {
    const { ctx, position } = game({ turns: 1 });
    const over = play(ctx, play(ctx, position, END).position, END).position;
    expect(refusal(ctx, over, END).code).toBe("sequence/game-over");
    expect(refusal(ctx, over, { type: "roll-move", unit: "A" }, [3]).code).toBe("sequence/game-over");
    expect(legalActions(ctx, over)).toEqual([]);
  });

  it("[003 Play Sequence] a side with no units left loses at the end of the half", () => {
    const { ctx, position } = game({}, [A, { ...B, x: 20, y: 16.5 }]);
    const fired = play(ctx, withUnits(position, { B: { hits: 14 } }), { type: "fire", unit: "A" }, [3]);
    const over = play(ctx, fired.position, END).position;
    expect(over.result).toEqual({ winner: "first", reason: "Blue have no units left on the table" });
  });
});
