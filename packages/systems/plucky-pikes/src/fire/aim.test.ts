import { describe, expect, it } from "vitest";
import { foot, guns, horse, shot, table, withUnit } from "../test-support/table.js";
import { aim } from "./aim.js";

const at = (r: ReturnType<typeof aim>) => (r.ok ? "ok" : r.error.message);

describe("[001 Firearms] arcs, ranges and the stands that count", () => {
  it("formed musketeers engage any target 45⁰ left or right; skirmishers fire in any direction", () => {
    // R1's front centre (24, 10.5); every corner of B1 (x 31.5 to 34.5, y 13 to 15) is more than 45⁰ off its front.
    const { ctx, position } = table({ first: [shot("R1", 24, 10, 0)], second: [foot("B1", 33, 14, 180)] });
    expect(at(aim(ctx, position, "R1", "B1", false))).toMatch(/^001 Firearms: B1 is not within 45⁰/);
    const skirm = table({
      first: [shot("R1", 24, 10, 0, { formation: "skirmish" })],
      second: [foot("B1", 33, 14, 180)],
    });
    expect(at(aim(skirm.ctx, skirm.position, "R1", "B1", false))).toBe("ok");
  });

  it('a musket reaches 12" (T-7): exactly 12" is in range, a tick more is not', () => {
    // R1's front at y = 10.5; B1's pike front (2" deep) at y = 22.5 when its centre is at 23.5.
    const { ctx, position } = table({ first: [shot("R1", 24, 10, 0)], second: [foot("B1", 24, 23.5, 180)] });
    expect(at(aim(ctx, position, "R1", "B1", false))).toBe("ok");
    const far = withUnit(position, "B1", { y: (position.units.B1?.y ?? 0) + 1 });
    expect(at(aim(ctx, far, "R1", "B1", false))).toMatch(/^001 Firearms: a musket reaches 12"/);
  });

  it("skirmishers count only the stands in range", () => {
    // 16 skirmishers: 4 stands of 4 across 16", their centres at x = 18, 22, 26 and 30 on y = 10. A target
    // 11½" ahead of the east stand is 12.02" from the next one.
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0, { formation: "skirmish" })],
      second: [foot("B1", 30, 22, 180, { strength: 4, formation: "open", melee: "shot" })],
    });
    const a = aim(ctx, position, "R1", "B1", false);
    expect(at(a)).toBe("ok");
    if (a.ok) expect(a.value.strike(5).av).toEqual({ num: 4, den: 1 });
  });
});

describe("[001 Artillery] visible to the crew", () => {
  it("a unit between blocks the view; friends may be fired over from a contour higher (not with hailshot)", () => {
    const hill = [
      {
        id: "H",
        kind: "hill" as const,
        name: "Knoll",
        polygon: [
          [18, 4],
          [30, 4],
          [30, 9],
          [18, 9],
        ] as [number, number][],
        level: 1,
      },
    ];
    const spec = {
      first: [guns("R9", 24, 8, 0), shot("R1", 24, 12, 0)],
      second: [foot("B1", 24, 22, 180)],
    };
    const flat = table(spec);
    expect(at(aim(flat.ctx, flat.position, "R9", "B1", false))).toMatch(/^001 Artillery: R1 blocks the view/);
    const high = table({ ...spec, areas: hill });
    expect(at(aim(high.ctx, high.position, "R9", "B1", false))).toBe("ok");
    expect(at(aim(high.ctx, high.position, "R9", "B1", true))).toMatch(/hailshot/);
  });

  it("a hill higher than both the gun and its target hides one from the other", () => {
    const ridge = [
      {
        id: "H",
        kind: "hill" as const,
        name: "Ridge",
        polygon: [
          [0, 13],
          [48, 13],
          [48, 17],
          [0, 17],
        ] as [number, number][],
        level: 1,
      },
    ];
    const { ctx, position } = table({
      first: [guns("R9", 24, 10, 0)],
      second: [foot("B1", 24, 22, 180)],
      areas: ridge,
    });
    expect(at(aim(ctx, position, "R9", "B1", false))).toMatch(/^001 Artillery: Ridge blocks the view/);
    const onIt = table({ first: [guns("R9", 24, 15, 0)], second: [foot("B1", 24, 24, 180)], areas: ridge });
    expect(at(aim(onIt.ctx, onIt.position, "R9", "B1", false))).toBe("ok");
  });

  it('visibility is 10" in heavy woods', () => {
    const wood = [
      {
        id: "W",
        kind: "heavy-woods" as const,
        name: "Forest",
        polygon: [
          [0, 12],
          [48, 12],
          [48, 23],
          [0, 23],
        ] as [number, number][],
      },
    ];
    const { ctx, position } = table({
      first: [guns("R9", 24, 10, 0)],
      second: [foot("B1", 24, 26, 180)],
      areas: wood,
    });
    expect(at(aim(ctx, position, "R9", "B1", false))).toMatch(/Forest blocks the view/);
  });
});

describe("[001 Cover and Armor] cover, armour and buildings", () => {
  it("infantry in a wooden building has a DF of 10 + 3 = 13; armour counts against bows, not firearms", () => {
    const house = [
      {
        id: "K",
        kind: "building" as const,
        name: "Farm",
        polygon: [
          [20, 18],
          [28, 18],
          [28, 24],
          [20, 24],
        ] as [number, number][],
        building: "wooden-barn",
        cover: "wooden-building" as const,
      },
    ];
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0), shot("R2", 14, 10, 0, { missile: "longbow" })],
      second: [
        foot("B1", 24, 21, 180, { armour: "armoured" }),
        foot("B2", 14, 20, 180, { armour: "armoured" }),
      ],
      areas: house,
    });
    const a = aim(ctx, position, "R1", "B1", false);
    expect(a.ok && a.value.df).toBe(13);
    const bow = aim(ctx, position, "R2", "B2", false);
    expect(bow.ok && bow.value.df).toBe(13);
    const musket = aim(ctx, position, "R1", "B2", false);
    expect(musket.ok && musket.value.df).toBe(10);
  });

  it('a unit must be 2" from the edge of a wood before it gets protection', () => {
    const wood = (north: number) => [
      {
        id: "W",
        kind: "light-woods" as const,
        name: "Copse",
        polygon: [
          [10, 16],
          [38, 16],
          [38, north],
          [10, north],
        ] as [number, number][],
      },
    ];
    // B1's footprint: y from 19 to 21. Protected with the wood's edges 2" away (y 17 ... 23), not 1.75".
    const deep = table({
      first: [shot("R1", 24, 10, 0)],
      second: [foot("B1", 24, 20, 180)],
      areas: wood(23),
    });
    const edge = table({
      first: [shot("R1", 24, 10, 0)],
      second: [foot("B1", 24, 20, 180)],
      areas: wood(22.75),
    });
    const d = aim(deep.ctx, deep.position, "R1", "B1", false);
    const e = aim(edge.ctx, edge.position, "R1", "B1", false);
    expect(d.ok && d.value.df).toBe(11);
    expect(e.ok && e.value.df).toBe(10);
  });
});

describe("[001 Firing First] fire at enemies attacking adjacent friends", () => {
  it('a unit within 4" of the friend attacked may fire at its attacker; one farther may not; guns no hailshot', () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0), shot("R2", 30, 10, 0), shot("R3", 40, 6, 0), guns("R9", 19, 10, 0)],
      second: [horse("B1", 24, 13.5, 180)],
    });
    const fighting = {
      ...position,
      melees: [
        {
          id: "m1",
          attackers: ["B1"],
          defenders: ["R1"],
          round: 1,
          struck: "front" as const,
          charges: {},
          joined: [],
          fatigue: {},
        },
      ],
    };
    expect(at(aim(ctx, fighting, "R2", "B1", false))).toBe("ok");
    expect(at(aim(ctx, fighting, "R3", "B1", false))).toMatch(/^001 Firing First: B1 is in melee/);
    expect(at(aim(ctx, fighting, "R9", "B1", true))).toMatch(
      /^001 Firing First: artillery can't fire hailshot/,
    );
  });
});
