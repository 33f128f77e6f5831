import { type Action, legalActions, type Position } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { movementPhase, playPositions } from "../test-support.js";
import { spentUnits } from "./spent.js";

const { ctx, position } = movementPhase();

const attack = (kind: "fire" | "melee", attackers: string[], resolved = false) => ({
  kind,
  attackers,
  targets: ["1010"],
  resolved,
  defenders: [],
});

describe("spent units, read from the position", () => {
  it("[5.1C] in the Movement Phase: exactly the units that have moved", () => {
    expect(spentUnits(position).size).toBe(0);
    const move = legalActions(ctx, position).find(
      (a): a is Extract<Action, { type: "move" }> => a.type === "move" && a.steps.length > 0,
    );
    if (!move) throw new Error("no move in the opening Movement Phase");
    const after = playPositions(ctx, position, move);
    expect([...spentUnits(after)]).toEqual([move.unit]);
  });

  it("[7.0] in the Fire Combat Phase: the units allocated to fire, resolved or not", () => {
    const p: Position = {
      ...position,
      phase: "fire",
      moved: [],
      attacks: [attack("fire", ["A", "B"]), attack("fire", ["C"], true)],
    };
    expect([...spentUnits(p)].sort()).toEqual(["A", "B", "C"]);
  });

  it("[6.0] in the Melee Combat Phase: the units committed to a melee, not those that fired before (11.0's `fired`)", () => {
    const p: Position = {
      ...position,
      phase: "melee",
      moved: [],
      fired: ["F"],
      attacks: [attack("melee", ["M"])],
    };
    expect([...spentUnits(p)]).toEqual(["M"]);
  });

  it("nobody is spent while deploying", () => {
    expect(spentUnits({ ...position, phase: "deployment", moved: ["X"] }).size).toBe(0);
  });
});
