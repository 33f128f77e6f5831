import { ranksOf, traitsOf } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { ranksWords, standShape, unitPicture } from "./figures.js";
import { opened } from "./test-game.js";

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

  it("groups figures into stands two ranks deep, or one", () => {
    expect(standShape(4, 4)).toEqual({ files: 2, ranks: 2 });
    expect(standShape(4, 1)).toEqual({ files: 4, ranks: 1 });
    expect(standShape(1, 2)).toEqual({ files: 1, ranks: 1 });
  });
});
