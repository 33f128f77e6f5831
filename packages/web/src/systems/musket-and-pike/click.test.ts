import { replay, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { fireOpportunity, savedGameUntil } from "../../../e2e/fixtures.js";
import { type ClickState, clickOn } from "./click.js";
import { movesOf, optionsOf } from "./interaction.js";
import { catalog, movementPhase, opening, playPositions } from "./test-support.js";

const NONE: ClickState = { unlimber: false, roadMode: false };

describe("what a click on a hex means", () => {
  it("[16.0] deploys the picked unit in its zone, and refuses a hex outside it with the rule", () => {
    const { ctx, position } = opening();
    const options = optionsOf(ctx, position);
    const [unit, hexes] = [...options.deploy][0] ?? [];
    const hex = [...(hexes ?? [])][0];
    if (!unit || !hex) throw new Error("nothing to deploy");
    expect(clickOn(ctx, position, options, { ...NONE, selectedUnit: unit }, hex)).toEqual({
      kind: "act",
      action: { type: "deploy", unit, hex },
    });
    const outside = ctx.map.grid.ids.find((id) => !hexes?.has(id)) ?? "";
    const refused = clickOn(ctx, position, options, { ...NONE, selectedUnit: unit }, outside);
    expect(refused.kind).toBe("refuse");
    expect(refused.kind === "refuse" && refused.message).toMatch(/^16\.\d\d?: /);
    expect(clickOn(ctx, position, options, NONE, outside)).toEqual({ kind: "inspect" });
  });

  it("[5.1] selects a unit of the Phasing Player, moves it to a destination by its path, explains a hex beyond", () => {
    const { ctx, position } = movementPhase();
    const options = optionsOf(ctx, position);
    const unit = [...options.movable][0] ?? "";
    const from = unitHexes(position).get(unit) ?? "";
    const select = clickOn(ctx, position, options, NONE, from);
    expect(select.kind).toBe("select");
    const moves = movesOf(ctx, position, unit);
    if (typeof moves === "string") throw new Error(moves);
    const dest = moves.destinations[0];
    if (!dest) throw new Error("no destination");
    const state = { ...NONE, selectedUnit: unit, selectedHex: from, moves };
    expect(clickOn(ctx, position, options, state, dest.hex)).toEqual({
      kind: "act",
      action: { type: "move", unit, steps: dest.steps },
    });
    const reachable = new Set(moves.destinations.map((d) => d.hex));
    const far =
      ctx.map.grid.ids.find((id) => !reachable.has(id) && id !== from && !position.stacks[id]) ?? "";
    const refused = clickOn(ctx, position, options, state, far);
    expect(refused.kind === "refuse" && refused.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
  });

  it("[5.2G] a unit that has moved is refused with the rule", () => {
    const { ctx, position } = movementPhase();
    const unit = [...optionsOf(ctx, position).movable][0] ?? "";
    const moves = movesOf(ctx, position, unit);
    if (typeof moves === "string") throw new Error(moves);
    const dest = moves.destinations.find((d) => !position.stacks[d.hex]);
    if (!dest) throw new Error("no empty destination");
    const after = playPositions(ctx, position, { type: "move", unit, steps: [...dest.steps] });
    const options = optionsOf(ctx, after);
    const empty = ctx.map.grid.ids.find((id) => !after.stacks[id]) ?? "";
    const refused = clickOn(
      ctx,
      after,
      options,
      { ...NONE, selectedUnit: unit, selectedHex: dest.hex },
      empty,
    );
    expect(refused.kind === "refuse" && refused.message).toMatch(/^5\.2\(G\): /);
  });

  it("[7.0] weighs a fire allocation on a target before it is committed, and commits it on a second click", () => {
    const save = savedGameUntil("16.21", 1, fireOpportunity);
    const replayed = replay(catalog, save);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const { ctx, final } = replayed.value;
    const options = optionsOf(ctx, final);
    const [unit, allocations] = [...options.allocations][0] ?? [];
    const fire = allocations?.find((a) => a.type === "fire");
    if (!unit || fire?.type !== "fire") throw new Error("no fire");
    expect(clickOn(ctx, final, options, { ...NONE, selectedUnit: unit }, fire.target)).toEqual({
      kind: "consider",
      pending: { actions: [fire], refused: [] },
    });
    // The target clicked again, with its odds weighed: the allocation is committed.
    const pending = { actions: [fire], refused: [] };
    expect(clickOn(ctx, final, options, { ...NONE, selectedUnit: unit, pending }, fire.target)).toEqual({
      kind: "commit",
    });
    const from = unitHexes(final).get(unit) ?? "";
    expect(clickOn(ctx, final, options, NONE, from).kind).toBe("select");
    const refused = clickOn(ctx, final, options, { ...NONE, selectedUnit: unit }, "0101");
    expect(refused.kind === "refuse" && refused.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
  });

  it("[8.2] a retreat ends only in one of the hexes the rules leave open", () => {
    const save = savedGameUntil("16.21", 1, (p, legal) => p.decision?.kind === "retreat" && legal.length > 1);
    const replayed = replay(catalog, save);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const { ctx, final } = replayed.value;
    const options = optionsOf(ctx, final);
    const [unit, ends] = [...options.retreats][0] ?? [];
    const end = [...(ends ?? [])][0];
    if (!unit || !end) throw new Error("no retreat");
    expect(clickOn(ctx, final, options, { ...NONE, selectedUnit: unit }, end)).toEqual({
      kind: "act",
      action: { type: "retreat", unit, to: end },
    });
    const elsewhere = ctx.map.grid.ids.find((id) => !ends?.has(id)) ?? "";
    const refused = clickOn(ctx, final, options, { ...NONE, selectedUnit: unit }, elsewhere);
    expect(refused.kind === "refuse" && refused.message).toMatch(/^8\.2: /);
  });
});
