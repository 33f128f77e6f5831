import { seedPrng } from "@tercio/core";
import { scaledDirection } from "@tercio/geometry";
import {
  exactJudge,
  fireValues,
  hitsByFace,
  type Position,
  planShot,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { bearing, INCH, withUnit } from "./geometry.js";
import { HMNT, HMNT_SCENARIOS, ntGame } from "./test-support/games.js";
import { shotFaces } from "./worth.js";

/**
 * The AI scores a shot from any pose with shotFaces (worth.ts), built from
 * the engine's pieces without planShot; for every real shot it must give
 * exactly the engine's hits on every face (hitsByFace of planShot's plan).
 * The shots: in every designed scenario, with and without the optional
 * rules, each shooter of the side to act set down facing an enemy, off its
 * front and off its flank, at point blank and at effective range.
 */
const APPROACHES = [0, 9000, 27000] as const;
const GAPS = [2 * INCH, 6 * INCH, 20 * INCH];

function shotsOf(scenario: string, options: Record<string, unknown>, seed: number) {
  const { ctx, setup } = ntGame(scenario, options);
  const opened = HMNT.open(ctx, setup, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  const position = opened.value.position;
  const units = Object.entries(position.units);
  const shooters = units.filter(([, u]) => u.side === position.toMove && fireValues(ctx, u)).slice(0, 3);
  const targets = units.filter(([, u]) => u.side !== position.toMove).slice(0, 3);
  const out: { ctx: typeof ctx; position: Position; shooter: string; label: string }[] = [];
  for (const [sid, s] of shooters)
    for (const [tid, t] of targets)
      for (const turn of APPROACHES)
        for (const gap of GAPS) {
          // Out from the target's centre, past both half depths and the gap, facing back at it.
          const out0 = unitSize(ctx, t).depth / 2 + unitSize(ctx, s).depth / 2 + gap;
          const v = scaledDirection(t.facing + turn, out0);
          const at = { x: t.x + v.x, y: t.y + v.y };
          const facing = bearing(at, t);
          if (facing === null) continue;
          const p = withUnit(position, sid, { ...s, x: at.x, y: at.y, facing, acted: "none" });
          out.push({
            ctx,
            position: p,
            shooter: sid,
            label: `${scenario} ${sid} at ${tid} ${turn} ${gap / INCH}"`,
          });
        }
  return out;
}

describe("[003 Fire] the AI's shot worth", () => {
  it("gives the engine's hits on every face for real shots, front and flank, point blank and effective", () => {
    const bands = new Set<string>();
    const sides = new Set<string>();
    let shots = 0;
    HMNT_SCENARIOS.forEach((scenario, i) => {
      for (const options of [{}, { variableQuality: "on", dice: "average" }])
        for (const { ctx, position, shooter, label } of shotsOf(scenario, options, 100 + i)) {
          const plan = planShot(ctx, position, shooter, undefined, exactJudge);
          if (!plan.ok || !plan.value || plan.value.split) continue; // a split volley is shared out (1.1 A)
          const { target } = plan.value;
          const engine = hitsByFace(ctx, plan.value).map((h) => h.hits);
          expect(shotFaces(ctx, position, shooter, target.id, target.side, target.band), label).toEqual(
            engine,
          );
          bands.add(target.band);
          sides.add(target.side);
          shots++;
        }
    });
    expect(shots).toBeGreaterThan(100);
    expect(bands).toContain("point-blank");
    expect(bands).toContain("effective");
    expect(sides).toContain("front");
    expect([...sides].some((s) => s === "left" || s === "right")).toBe(true);
  }, 30_000);
});
