import { autoDeploy, legalActions, replay, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { fireOpportunity, savedGameUntil } from "../../../e2e/fixtures.js";
import { whyNoTarget } from "./no-target.js";
import { catalog, opening, playPositions } from "./test-support.js";

const RULE = /^\d+\.\d+(\([A-Z]\))?: /;

describe("why a unit has no target", () => {
  it("[7.1C][3.34] in Brentford's first Fire Combat Phase, each First Player unit is told why, citing the rule", () => {
    const { ctx, position } = opening();
    let fire = position;
    while (fire.phase === "deployment")
      fire = playPositions(ctx, fire, ...autoDeploy(ctx, fire), { type: "end-phase" });
    expect(fire.phase).toBe("fire");
    const legal = legalActions(ctx, fire);
    const units = [...unitHexes(fire).keys()].filter((u) => fire.units[u]?.side === fire.phasing);
    const reasons = new Set<string>();
    for (const u of units) {
      const armed = legal.some((a) => (a.type === "fire" || a.type === "attack") && a.unit === u);
      const why = whyNoTarget(ctx, fire, u);
      if (armed) expect(why).toBeUndefined();
      else {
        expect(why).toMatch(RULE);
        reasons.add((why ?? "").slice(0, 8));
      }
    }
    expect(reasons.size).toBeGreaterThan(0);
  });

  it("[7.0] a unit with a target has no reason; one already allocated is told 7.3(F)", {
    timeout: 20_000,
  }, () => {
    const save = savedGameUntil("16.21", 1, fireOpportunity);
    const r = replay(catalog, save);
    if (!r.ok) throw new Error(r.error.message);
    const { ctx, final } = r.value;
    const fire = legalActions(ctx, final).find((a) => a.type === "fire");
    if (fire?.type !== "fire") throw new Error("no fire");
    expect(whyNoTarget(ctx, final, fire.unit)).toBeUndefined();
    const after = playPositions(ctx, final, fire);
    expect(whyNoTarget(ctx, after, fire.unit)).toMatch(/^7\.3\(F\): /);
  });
});
