import { describe, expect, it } from "vitest";
import { legalMoves, stackingRefusal } from "./legal.js";
import { stackingLimit } from "./stacking.js";
import { deployed, play } from "./test-support/setup.js";

describe("10.0: the stacking reason alone", () => {
  it("[10.0] a hex filled by units that have moved refuses one more, whatever the path; an empty hex does not", () => {
    const { ctx, position: fire } = deployed("16.24");
    const position = play(ctx, fire, { type: "end-phase" }).position;
    expect(position.phase).toBe("movement");
    const limit = stackingLimit(ctx, "first");
    const waiting = Object.keys(position.offMap).filter((id) => position.offMap[id] === "awaiting-entry");
    const first = legalMoves(ctx, position, waiting[0] ?? "");
    if (!first.ok) throw new Error(first.error.message);
    // An entry hex itself, the cheapest (one step in from the edge): each of the first units reaches it in turn.
    const hex =
      [...first.value.destinations]
        .filter((d) => !position.stacks[d.hex] && d.steps.length === 1)
        .sort((a, b) => a.cost - b.cost)[0]?.hex ?? "";
    expect(stackingRefusal(ctx, position, waiting[0] ?? "", hex)).toBeUndefined();
    let p = position;
    for (const unit of waiting.slice(0, limit)) {
      const moves = legalMoves(ctx, p, unit);
      if (!moves.ok) throw new Error(moves.error.message);
      const d = moves.value.destinations.find((x) => x.hex === hex);
      if (!d) throw new Error(`${unit} cannot reach ${hex}`);
      p = play(ctx, p, { type: "move", unit, steps: [...d.steps] }).position;
    }
    expect(p.stacks[hex]?.length).toBe(limit);
    const refusal = stackingRefusal(ctx, p, waiting[limit] ?? "", hex);
    expect(refusal?.rule).toBe("10.0");
    expect(refusal?.code).toBe("stacking/unresolvable");
    // A unit that has moved cannot move at all (5.2G): stacking has nothing to say.
    expect(stackingRefusal(ctx, p, waiting[0] ?? "", hex)).toBeUndefined();
  });
});
