import type { Length } from "@tercio/tabletop";
import { describe, expect, it } from "vitest";
import { fireCover, meleeCover, rallyCover } from "./terrain.js";
import { linear } from "./test-support/pieces.js";
import { eventsOf, INCH, play, table } from "./test-support/table.js";
import type { LinearTerrain } from "./vocabulary.js";

/**
 * Terrain v: "Walls, Gullies, Riverbank. Linear. Defensive Bonus if behind
 * and in full edge contact." The bonus shows where the text spends it: Fire
 * v halves hits on units "behind Walls", Melee i on units "defending ...
 * river bank / gully / wall", and a rally removes a hit more for a unit
 * eligible to a Terrain Bonus from fire. Full edge contact: the whole front
 * edge within the piece's band (half its width and the lining's 1/4",
 * designed) and not past its square ends.
 *
 * B faces south at (20, 19): its front edge runs along y = 17.5 from x = 17
 * to 23. A shooter S faces it 4" off, a charger A stands in front.
 */
const tick = (inches: number, ticks = 0): Length => ({ in: inches, num: ticks, den: INCH });
const before = (inches: number, ticks: number): Length => ({ in: inches - 1, num: INCH - ticks, den: INCH });

/** A 1"-wide piece along y = 17.5 from x0 to x1. */
const piece = (kind: LinearTerrain, x0: Length, x1: Length) =>
  linear(
    kind,
    kind,
    [
      [x0, 17.5],
      [x1, 17.5],
    ],
    1,
  );

function field(pieces: ReturnType<typeof piece>[], by: Length = 19) {
  return table({
    units: [
      { id: "S", type: "infantry", x: 20, y: 12 },
      { id: "B", type: "infantry", x: 20, y: by, facing: 18000, side: "second" },
    ],
    linears: pieces,
    options: { greyAreas: "exact" },
  });
}

const covered = (t: ReturnType<typeof field>) => fireCover(t.ctx, t.position, "B", "front");

describe("Terrain v: behind and in full edge contact", () => {
  it("[003 Terrain v] [003 Fire v] golden along the wall: a wall exactly the front edge's length covers it; a tick short at either end does not", () => {
    expect(covered(field([piece("wall", 17, 23)]))).toBe("wall");
    expect(covered(field([piece("wall", 14, 26)]))).toBe("wall");
    expect(covered(field([piece("wall", tick(17, 1), 23)]))).toBeUndefined();
    expect(covered(field([piece("wall", 17, before(23, 1))]))).toBeUndefined();
  });

  it('[003 Terrain v] golden across the wall: the front edge 1/4" behind its far side (the lining) is in contact; a tick further is not', () => {
    // The wall's band is y 17 to 18; the lining reaches 18.25: B's front edge there puts its centre at 19.75.
    expect(covered(field([piece("wall", 14, 26)], tick(19, INCH * 0.75)))).toBe("wall");
    expect(covered(field([piece("wall", 14, 26)], tick(19, INCH * 0.75 + 1)))).toBeUndefined();
  });

  it("[003 Terrain v] [003 Fire v] played: 5 at point blank is 10, halved behind the whole wall to 5, not halved behind a wall a tick short", () => {
    const hits = (t: ReturnType<typeof field>) =>
      eventsOf(play(t.ctx, t.position, { type: "fire", unit: "S" }, [5]).events, "fired")[0]?.hits;
    expect(hits(field([piece("wall", 17, 23)]))).toBe(5);
    expect(hits(field([piece("wall", tick(17, 1), 23)]))).toBe(10);
  });

  it("[003 Terrain v] only behind: shot or charged in the flank the wall gives nothing", () => {
    const t = field([piece("wall", 17, 23)]);
    expect(fireCover(t.ctx, t.position, "B", "left")).toBeUndefined();
    expect(meleeCover(t.ctx, t.position, "B", "S", "right")).toBeUndefined();
    expect(meleeCover(t.ctx, t.position, "B", "S", "front")).toEqual({ rule: "2 i", text: "defending wall" });
  });

  it("[003 Terrain v] [003 Melee i] gullies and river banks halve melee hits in full edge contact, not a tick short; fire only behind walls, as printed", () => {
    for (const kind of ["gully", "riverbank"] as const) {
      const full = field([piece(kind, 17, 23)]);
      expect(meleeCover(full.ctx, full.position, "B", "S", "front")).toEqual({
        rule: "2 i",
        text: `defending ${kind}`,
      });
      expect(covered(full)).toBeUndefined();
      const short = field([piece(kind, 17, before(23, 1))]);
      expect(meleeCover(short.ctx, short.position, "B", "S", "front")).toBeUndefined();
    }
  });

  it("[003 Terrain v] [003 Routs and Rallies] a unit in full contact with a wall is eligible to the rally's extra hit; a tick short it is not", () => {
    const full = field([piece("wall", 17, 23)]);
    expect(rallyCover(full.ctx, full.position, "B")).toBe(true);
    const short = field([piece("wall", tick(17, 1), 23)]);
    expect(rallyCover(short.ctx, short.position, "B")).toBe(false);
  });
});
