import type { Point } from "@tercio/geometry";
import {
  builtInScenarios,
  ranksOf,
  traitsOf,
  type UnitState,
  unitPolygon,
  unitSize,
} from "@tercio/plucky-pikes";
import { unitPicture as layout } from "@tercio/render/tabletop-pp";
import { describe, expect, it } from "vitest";
import { ranksWords, unitPicture } from "./figures.js";
import { opened } from "./test-game.js";

/** Inside a convex polygon or on its edge, within `slack` ticks, whichever way round it is listed. */
function inside(p: Point, poly: readonly Point[], slack = 1): boolean {
  let sign = 0;
  for (const [i, a] of poly.entries()) {
    const b = poly[(i + 1) % poly.length] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
    if (Math.abs(cross) <= slack) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const units = (scenario: string) => {
  const { ctx, position } = opened(scenario);
  return Object.entries(position.units).map(([id, u]) => ({ ctx, id, u }));
};
const everyUnit = builtInScenarios().flatMap((s) => units(s.id));

describe("a unit's figures in ranks", () => {
  const { ctx, position } = opened();

  it("[001 Formations] draws a place for every figure it formed with, filled by the figures it has", () => {
    for (const [id, u] of Object.entries(position.units)) {
      const pic = unitPicture(ctx, id, u);
      expect(pic.places.filter((p) => p.present).length, id).toBe(u.strength);
      expect(pic.ranks).toEqual(ranksOf(ctx, id, u));
      expect(pic.stands.length).toBeGreaterThan(0);
    }
  });

  it("[001 The Game Turn] casualties leave empty places, taken from the rear rank", () => {
    const id = Object.keys(position.units).find(
      (x) => traitsOf(ctx, x).arm === "foot" && position.units[x]?.formation === "pike",
    );
    if (!id) throw new Error("no pike block");
    const u = position.units[id];
    if (!u) throw new Error("no unit");
    const hurt = { ...u, strength: u.strength - 3 };
    const pic = unitPicture(ctx, id, hurt);
    const empty = pic.places.filter((p) => !p.present);
    expect(empty.length).toBe(3);
    const last = pic.formed.length - 1;
    expect(empty.every((p) => p.rank === last)).toBe(true);
    expect(ranksWords(pic)).toMatch(new RegExp(`\\(${u.strength - 3} of ${u.strength} places filled\\)$`));
  });

  it("[001 Artillery] a battery is one stand, its points pips", () => {
    const id = Object.keys(position.units).find((x) => traitsOf(ctx, x).arm === "guns");
    if (!id) return;
    const u = position.units[id];
    if (!u) throw new Error("no unit");
    const pic = unitPicture(ctx, id, { ...u, strength: u.strength - 1 });
    expect(pic.stands.length).toBe(1);
    expect(pic.places.filter((p) => !p.present).length).toBe(1);
  });
});

describe("one picture for the browser and the command line: render's layout, in table points", () => {
  it("[001 Preliminaries] is render's picture: its places and stands between the engine's corners, its figure size in ticks", () => {
    for (const { ctx, id, u } of units("cerignola-trenches")) {
      const pic = unitPicture(ctx, id, u);
      const shared = layout(ctx, id, u);
      expect(pic.arm).toBe(shared.arm);
      expect(pic.formed).toEqual(shared.formed);
      expect(pic.places.map((p) => [p.rank, p.file, p.present])).toEqual(
        shared.places.map((p) => [p.rank, p.file, p.present]),
      );
      expect(pic.stands).toHaveLength(shared.stands.length);
      const size = unitSize(ctx, id, u);
      expect(pic.figure.across).toBeCloseTo(shared.figure.across * size.frontage, 6);
      expect(pic.figure.along).toBeCloseTo(shared.figure.along * size.depth, 6);
    }
  });

  it("[001 Preliminaries] every stand lies within the unit's footprint, every place on a stand, in every scenario", () => {
    for (const { ctx, id, u } of everyUnit) {
      const pic = unitPicture(ctx, id, u);
      const foot = unitPolygon(ctx, id, u);
      for (const s of pic.stands) for (const q of s) expect(inside(q, foot), `${id} stand`).toBe(true);
      for (const p of pic.places)
        expect(
          pic.stands.some((s) => inside(p.at, s)),
          `${id} ${u.formation} rank ${p.rank} file ${p.file}`,
        ).toBe(true);
    }
  });

  it("[001 Formations] skirmishers' figures stand on their own stands, the stands apart, however the unit faces", () => {
    const skirmish = everyUnit.filter(({ u }) => u.formation === "skirmish");
    expect(skirmish.length).toBeGreaterThan(0);
    for (const { ctx, id, u: opening } of skirmish)
      for (const facing of [0, 4500, 13000, 27000]) {
        const u: UnitState = { ...opening, facing };
        const pic = unitPicture(ctx, id, u);
        expect(pic.stands.length, id).toBeGreaterThan(1);
        for (const p of pic.places) {
          // On exactly one stand, not in a gap between two.
          const on = pic.stands.filter((s) => inside(p.at, s, 0));
          expect(on, `${id} facing ${facing}: file ${p.file}`).toHaveLength(1);
        }
        // No stand's corner on another stand: gaps between them.
        for (const [i, s] of pic.stands.entries())
          for (const [j, t] of pic.stands.entries())
            if (i !== j) for (const q of s) expect(inside(q, t, -1), `${id} stands ${i}, ${j}`).toBe(false);
      }
  });
});
