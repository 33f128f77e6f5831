import { autoDeploy, defaultCatalog, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { fireOpportunity, savedGameUntil } from "../../../e2e/fixtures.js";
import { historyOf, undo } from "../../shell/session.js";
import { type MpGame, restoreMpGame, startMpGame } from "./game.js";
import { movesOf, optionsOf } from "./interaction.js";
import { lastMovesOf, lastResultOf } from "./last-action.js";
import { playGame } from "./test-support.js";

const catalog = defaultCatalog();
const HUMANS = { controllers: { first: { kind: "human" }, second: { kind: "human" } }, undo: true } as const;

/** Brentford, both sides set up, the First Player's Movement Phase. */
function movementPhase(): MpGame {
  const s = startMpGame(catalog, { scenario: "16.31", seed: 1, optionalRules: [], ...HUMANS });
  if (!s.ok) throw new Error(s.error.message);
  let g = s.value;
  while (g.position.phase === "deployment")
    g = playGame(g, ...autoDeploy(g.ctx, g.position), { type: "end-phase" });
  return playGame(g, { type: "end-phase" });
}

describe("the last action, shown on the board", () => {
  it("[5.1] draws the last move from its hex to its end, and forgets it when the move is undone", () => {
    const g = movementPhase();
    expect(lastMovesOf(historyOf(g))).toEqual([]);
    const unit = [...optionsOf(g.ctx, g.position).movable][0] ?? "";
    const moves = movesOf(g.ctx, g.position, unit);
    if (typeof moves === "string") throw new Error(moves);
    const dest = moves.destinations[0];
    if (!dest) throw new Error("no destination");
    const from = unitHexes(g.position).get(unit) ?? "";
    const moved = playGame(g, { type: "move", unit, steps: [...dest.steps] });
    expect(lastMovesOf(historyOf(moved))).toEqual([{ from, to: dest.hex }]);
    expect(lastResultOf(moved.ctx, historyOf(moved))).toEqual([]);
    expect(lastMovesOf(historyOf(undo(moved, "first")))).toEqual([]);
  });

  it("[7.0] words the last combat's result: the odds, the die, the effect", () => {
    const restored = restoreMpGame(catalog, savedGameUntil("16.21", 1, fireOpportunity), HUMANS);
    if (!restored.ok) throw new Error(restored.error.message);
    const g = restored.value;
    const [unit, allocations] = [...optionsOf(g.ctx, g.position).allocations][0] ?? [];
    const fire = allocations?.find((a) => a.type === "fire");
    if (!unit || fire?.type !== "fire") throw new Error("no fire");
    const allocated = playGame(g, fire);
    expect(lastResultOf(allocated.ctx, historyOf(allocated))).toEqual([]);
    const resolved = playGame(allocated, { type: "resolve", target: fire.target });
    const words = lastResultOf(resolved.ctx, historyOf(resolved));
    expect(words[0]).toMatch(new RegExp(`^fire on ${fire.target}: .* is \\d-\\d, die \\d`));
  });

  it("[5.1] after several moves, shows every move of the player's run of actions", () => {
    let g = movementPhase();
    const movers = [...optionsOf(g.ctx, g.position).movable].slice(0, 2);
    const expected: { from: string; to: string }[] = [];
    for (const unit of movers) {
      const moves = movesOf(g.ctx, g.position, unit);
      if (typeof moves === "string") throw new Error(moves);
      const dest = moves.destinations.find((d) => !g.position.stacks[d.hex]);
      if (!dest) throw new Error("no empty destination");
      expected.push({ from: unitHexes(g.position).get(unit) ?? "", to: dest.hex });
      g = playGame(g, { type: "move", unit, steps: [...dest.steps] });
    }
    expect(lastMovesOf(historyOf(g))).toEqual(expected);
  });
});
