import { describe, expect, it } from "vitest";
import { legalActions, legalMoves } from "../legal.js";
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

  it("[5.0] the steps handed out are copies: changing one changes no later answer", () => {
    const { ctx, position } = fixture();
    const first = legalMoves(ctx, position, "B-MA02");
    if (!first.ok) throw new Error(first.error.message);
    const d = first.value.destinations.find((x) => x.hex === "4411");
    (d?.steps as string[] | undefined)?.push("4412");
    const again = legalMoves(ctx, position, "B-MA02");
    expect(again.ok && again.value.destinations.find((x) => x.hex === "4411")?.steps).toEqual([
      "4410",
      "4411",
    ]);
  });
});
