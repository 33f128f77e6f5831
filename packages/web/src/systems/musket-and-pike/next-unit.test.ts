import { type Action, legalActions, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { optionsOf } from "./interaction.js";
import { actingUnits, nextUnit } from "./next-unit.js";
import { movementPhase, opening, playPositions } from "./test-support.js";

describe("the next unit (the N key)", () => {
  it("cycles round the list", () => {
    expect(nextUnit(["a", "b", "c"], undefined)).toBe("a");
    expect(nextUnit(["a", "b", "c"], "a")).toBe("b");
    expect(nextUnit(["a", "b", "c"], "c")).toBe("a");
    expect(nextUnit(["a", "b"], "z")).toBe("a");
    expect(nextUnit([], "a")).toBeUndefined();
  });

  it("[5.1C] offers the units with a move left, on the map first, and drops a unit once it has moved", () => {
    const { ctx, position } = movementPhase("16.24");
    const units = actingUnits(position, optionsOf(ctx, position));
    const at = unitHexes(position);
    const onMap = units.filter((u) => at.has(u));
    expect(onMap.length).toBeGreaterThan(0);
    expect(units.slice(0, onMap.length)).toEqual(onMap);
    for (const u of units) expect(position.units[u]?.side).toBe(position.phasing);
    const first = onMap[0] ?? "";
    const move = legalActions(ctx, position).find(
      (a): a is Extract<Action, { type: "move" }> =>
        a.type === "move" && a.unit === first && a.steps.length > 0,
    );
    if (!move) throw new Error(`${first} has no move`);
    const after = playPositions(ctx, position, move);
    expect(actingUnits(after, optionsOf(ctx, after))).not.toContain(first);
  });

  it("[16.0] offers the units still to deploy", () => {
    const { ctx, position } = opening("16.24");
    const units = actingUnits(position, optionsOf(ctx, position));
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) expect(position.offMap[u]).toBe("undeployed");
  });
});
