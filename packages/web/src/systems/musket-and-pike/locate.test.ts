import { type Action, apply, legalActions } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { locateEvent } from "./locate.js";
import { movementPhase } from "./test-support.js";

describe("a log line on the map", () => {
  const { ctx, position } = movementPhase("16.24");

  it("[5.1] a move: the hex it left and the hex it reached", () => {
    const move = legalActions(ctx, position).find(
      (a): a is Extract<Action, { type: "move" }> => a.type === "move" && a.steps.length > 1,
    );
    if (!move) throw new Error("no move");
    const r = apply(ctx, position, move);
    if (!r.ok) throw new Error(r.error.message);
    const moved = r.value.events.find((e) => e.type === "unit-moved");
    if (moved?.type !== "unit-moved") throw new Error("no unit-moved event");
    expect(locateEvent(ctx, moved, r.value.position)).toEqual(
      [moved.from, moved.to].filter((h) => /^\d{4}$/.test(h)),
    );
  });

  it("[7.0] a combat: the attackers where they stand and the hexes attacked", () => {
    const [hex, ids] = Object.entries(position.stacks)[0] ?? [];
    if (!hex || !ids?.[0]) throw new Error("no stack");
    const e = {
      type: "combat-resolved",
      kind: "fire",
      attackers: [ids[0]],
      targets: ["0101"],
      defenders: [],
      attack: 1,
      defence: 1,
      odds: "1-1",
      roll: 3,
      modifier: 0,
      result: "-",
      rule: "8.12",
    } as const;
    expect(locateEvent(ctx, e, position)).toEqual([hex, "0101"]);
  });

  it("a die roll or a phase has no place", () => {
    expect(locateEvent(ctx, { type: "game-turn-recorded", gameTurn: 2 }, position)).toEqual([]);
  });
});
