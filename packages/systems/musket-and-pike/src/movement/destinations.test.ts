import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import type { GameContext } from "../context.js";
import { legalActions, legalMoves } from "../legal.js";
import type { Position } from "../state/position.js";
import { field } from "../test-support/combat.js";
import { setup } from "../test-support/setup.js";
import guns from "./fixtures/guns.json" with { type: "json" };

/* A unit's destinations and move actions (destinations.ts), read off its reachability. */
const fixture = () => setup(guns as Parameters<typeof setup>[0]);

describe("5.4L destinations and move actions of artillery", () => {
  it("[5.4L] unlimbering fits where 3 MP are left, and not where fewer are", () => {
    const { ctx, position } = fixture();
    const r = legalMoves(ctx, position, "B-MA02");
    if (!r.ok) throw new Error(r.error.message);
    const at = (hex: string) => r.value.destinations.find((d) => d.hex === hex);
    // A Medium Artillery has 5 MP: 2 clear hexes and unlimbering spend them all.
    expect(at("4411")).toEqual({
      hex: "4411",
      cost: 2,
      steps: ["4410", "4411"],
      canUnlimber: true,
      roadMode: false,
    });
    expect(at("4412")?.canUnlimber).toBe(false);
    expect(r.value.destinations.some((d) => d.hex === "4409")).toBe(false);
  });

  it("[5.4L] the move actions: each destination, then unlimbering there where it fits, and unlimbering in place", () => {
    const { ctx, position } = fixture();
    const moves = legalActions(ctx, position).filter((a) => a.type === "move" && a.unit === "B-MA02");
    const steps = moves.map((a) => (a.type === "move" ? a.steps.join(" ") : ""));
    expect(steps).toContain("4410 4411");
    expect(steps).toContain("4410 4411 unlimber");
    expect(steps).not.toContain("4410 4411 4412 unlimber");
    expect(steps.filter((s) => s === "unlimber")).toEqual(["unlimber"]);
    expect(steps.at(-1)).toBe("unlimber");
  });

  it("[5.0] the steps handed out are shared and frozen: changing one fails, and changes no later answer", () => {
    const { ctx, position } = fixture();
    const first = legalMoves(ctx, position, "B-MA02");
    if (!first.ok) throw new Error(first.error.message);
    const d = first.value.destinations.find((x) => x.hex === "4411");
    expect(() => (d?.steps as string[] | undefined)?.push("4412")).toThrow(TypeError);
    const moves = legalActions(ctx, position).filter((a) => a.type === "move" && a.unit === "B-MA02");
    const listed = moves.find((a) => a.type === "move" && a.steps.join(" ") === "4410 4411 unlimber");
    expect(() => (listed?.type === "move" ? listed.steps : []).pop()).toThrow(TypeError);
    const again = legalMoves(ctx, position, "B-MA02");
    expect(again.ok && again.value.destinations.find((x) => x.hex === "4411")?.steps).toEqual([
      "4410",
      "4411",
    ]);
    // The listing of moves and the destinations hand out the same path.
    expect(moves.some((a) => a.type === "move" && a.steps === d?.steps)).toBe(true);
  });
});

/** Every destination of `unit`, played: each ends where it says, at its cost, in its mode. */
function playedDestinations(ctx: GameContext, position: Position, unit: string): string[] {
  const r = legalMoves(ctx, position, unit);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.destinations.map((d) => {
    const s = apply(ctx, position, { type: "move", unit, steps: [...d.steps] });
    if (!s.ok) return `${d.hex}: ${s.error.message}`;
    const moved = s.value.events.find((e) => e.type === "unit-moved");
    const at = moved?.type === "unit-moved" ? moved : undefined;
    const mode = s.value.position.units[unit]?.roadMode;
    return at?.to === d.hex && at.cost === d.cost && mode === d.roadMode
      ? "ok"
      : `${d.hex}: ${JSON.stringify(at)}`;
  });
}

describe("5.0 [13.0] each destination's steps lead there", () => {
  it("[13.0] [13.0G] in and out of Road Mode, converting where the unit stands included", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "1110": ["G-PP1"] },
      { optionalRules: ["road-movement"], phase: "movement" },
    );
    const r = legalMoves(ctx, position, "B-PP1");
    expect(r.ok && r.value.destinations.find((d) => d.hex === "0506")).toEqual({
      hex: "0506",
      cost: 1,
      steps: ["road-mode"],
      canUnlimber: false,
      roadMode: true,
    });
    const played = playedDestinations(ctx, position, "B-PP1");
    expect(played.length).toBeGreaterThan(20);
    expect(played.filter((x) => x !== "ok")).toEqual([]);
  });

  it("[5.1A] [5.3K] with the basic road rule: one mode, every path", () => {
    const { ctx, position } = field({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const played = playedDestinations(ctx, position, "B-PP1");
    expect(played.length).toBeGreaterThan(20);
    expect(played.filter((x) => x !== "ok")).toEqual([]);
  });

  it("[10.0] a hex full of units that have moved is no destination", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-PP2"], "0608": ["B-PP3"], "1110": ["G-PP1"] },
      { phase: "movement" },
    );
    const r = legalMoves(ctx, { ...position, moved: ["B-PP1", "B-PP2"] }, "B-PP3");
    expect(r.ok && r.value.destinations.map((d) => d.hex)).not.toContain("0606");
  });
});

describe("16.22 leaving the map, and units off it", () => {
  it("[16.22] [8.2] leaving the map is offered where the scenario allows it, and only there", () => {
    const fleurus = setup({
      scenario: "16.22",
      phasing: "second",
      phase: "movement",
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "3002": ["G-HC01"], "2220": ["B-PP01"] },
    });
    const exits = legalActions(fleurus.ctx, fleurus.position).filter(
      (a) => a.type === "move" && a.steps.at(-1) === "exit",
    );
    expect(exits).toEqual([{ type: "move", unit: "G-HC01", steps: ["3001", "exit"] }]);
    const { ctx, position } = fixture();
    const r = legalMoves(ctx, position, "B-MA02");
    expect(r.ok && "exit" in r.value).toBe(false);
    expect(legalActions(ctx, position).some((a) => a.type === "move" && a.steps.includes("exit"))).toBe(
      false,
    );
  });

  it("[16.24] [5.4L] artillery waiting to enter is not offered unlimbering where it stands; in hex 0101 it is", () => {
    const lutzen = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      options: { optionalRules: ["caracolla"] },
      units: { "B-LA01": { side: "first", type: "LA", force: "b", limbered: true } },
      offMap: { "B-LA01": "awaiting-entry" },
    });
    const offered = legalActions(lutzen.ctx, lutzen.position).filter((a) => a.type === "move");
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((a) => a.type === "move" && a.steps[0] === "unlimber")).toBe(false);
    const corner = field(
      { "0101": ["B-LA1"], "1110": ["G-PP1"] },
      { phase: "movement", limbered: ["B-LA1"] },
    );
    expect(legalActions(corner.ctx, corner.position)).toContainEqual({
      type: "move",
      unit: "B-LA1",
      steps: ["unlimber"],
    });
  });
});
