import { describe, expect, it } from "vitest";
import { officerPoint } from "./officers.js";
import { foot, INCH, play, refusal, table } from "./test-support/table.js";

describe("[001 Leadership] generals and staff on the table", () => {
  const spec = {
    first: [foot("R1", 10, 10, 0), foot("R2", 40, 40, 0)],
    second: [foot("B1", 40, 10, 180)],
    officers: { first: [{ id: "gen", name: "General", rank: "general" as const, with: "R1", x: 10, y: 8 }] },
  };

  it("an officer with a unit stands at its rear and goes where it goes", () => {
    const { ctx, position } = table(spec);
    const at = officerPoint(ctx, position, position.officers.gen as never);
    expect(at).toEqual({ x: 10 * INCH, y: 9 * INCH });
    const moved = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 2 * INCH }],
    });
    expect(officerPoint(ctx, moved.position, moved.position.officers.gen as never)).toEqual({
      x: 10 * INCH,
      y: 11 * INCH,
    });
  });

  it('he joins another unit within his 18" move, or stands alone; not one farther, nor twice a turn', () => {
    const { ctx, position } = table(spec);
    expect(refusal(ctx, position, { type: "officer", officer: "gen", unit: "R2" })).toMatch(
      /^001 Leadership: R2 is more than his move away/,
    );
    const alone = play(ctx, position, { type: "officer", officer: "gen" });
    expect(alone.position.officers.gen).toEqual({
      side: "first",
      x: 10 * INCH,
      y: 9 * INCH,
      moved: true,
      lost: false,
    });
    expect(refusal(ctx, alone.position, { type: "officer", officer: "gen", unit: "R1" })).toMatch(
      /moved this turn/,
    );
    expect(refusal(ctx, position, { type: "officer", officer: "gen", unit: "B1" })).toMatch(/no unit of his/);
  });
});
