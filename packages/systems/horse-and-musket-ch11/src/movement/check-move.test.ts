import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IN, play, refusal, table, withUnits } from "../test-support/table.js";
import { checkMove } from "./check-move.js";

const open = (type: "infantry" | "cavalry" | "skirmishers" | "artillery") =>
  table({ units: [{ id: "U", type, x: 24, y: 10 }] });

describe("004 Movement: Movement Allowances", () => {
  it.each([
    ["infantry", 6],
    ["artillery", 6],
    ["skirmishers", 9],
    ["cavalry", 12],
  ] as const)(
    '[004 Movement: Movement Allowances] %s moves up to %i" and not a tick more',
    (type, inchesAllowed) => {
      const { ctx, position } = open(type);
      const at = checkMove(ctx, position, "U", [{ op: "advance", ticks: IN(inchesAllowed) }]);
      expect(at.legal).toBe(true);
      expect(at.used).toBe(IN(inchesAllowed));
      expect(at.allowance).toBe(IN(inchesAllowed));
      expect(at.pose).toEqual({ x: IN(24), y: IN(10 + inchesAllowed), facing: 0 });
      const over = checkMove(ctx, position, "U", [{ op: "advance", ticks: IN(inchesAllowed) + 1 }]);
      expect(over.legal).toBe(false);
      expect(over.error?.code).toBe("move/over-allowance");
      expect(over.error?.message).toMatch(/^004 Movement: Movement Allowances: /);
      expect(over.legalOps).toBe(0);
      expect(over.clampTicks).toBe(IN(inchesAllowed));
    },
  );

  it("[004 Movement: Movement Allowances] less than the allowance, or none at all (ending the phase), is allowed", () => {
    const { ctx, position } = open("infantry");
    expect(checkMove(ctx, position, "U", [{ op: "advance", ticks: 1 }]).legal).toBe(true);
    expect(play(ctx, position, { type: "end-phase" }).position.phase).toBe("shooting");
  });

  it("[004 Movement: Movement Allowances] a unit moves once a turn", () => {
    const { ctx, position } = open("infantry");
    const moved = play(ctx, position, {
      type: "move",
      unit: "U",
      program: [{ op: "advance", ticks: IN(2) }],
    }).position;
    expect(
      refusal(ctx, moved, { type: "move", unit: "U", program: [{ op: "advance", ticks: IN(1) }] }).code,
    ).toBe("move/already-moved");
  });

  it("[004 Movement: Movement Allowances] property: on an open table an advance is legal exactly up to the allowance", () => {
    const { ctx, position } = open("skirmishers");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: IN(12) }), (ticks) => {
        const c = checkMove(ctx, position, "U", [{ op: "advance", ticks }], { clamp: false });
        expect(c.legal).toBe(ticks <= IN(9));
      }),
      { numRuns: 200 },
    );
  });
});

describe("004 Movement: Turning", () => {
  it("[004 Movement: Turning] units pivot on their central point at the start and/or the end of the move, at no cost", () => {
    const { ctx, position } = open("infantry");
    const c = checkMove(ctx, position, "U", [
      { op: "pivot", cdeg: 9000 },
      { op: "advance", ticks: IN(6) },
      { op: "pivot", cdeg: -9000 },
    ]);
    expect(c.legal).toBe(true);
    expect(c.used).toBe(IN(6));
    expect(c.pose).toEqual({ x: IN(30), y: IN(10), facing: 0 });
    const pivot = checkMove(ctx, position, "U", [{ op: "pivot", cdeg: 4500 }]);
    expect(pivot.pose).toEqual({ x: IN(24), y: IN(10), facing: 4500 });
    expect(pivot.used).toBe(0);
  });

  it("[004 Movement: Turning] no turning in the middle of a move: one straight advance", () => {
    const { ctx, position } = open("infantry");
    const c = checkMove(ctx, position, "U", [
      { op: "advance", ticks: IN(2) },
      { op: "pivot", cdeg: 9000 },
      { op: "advance", ticks: IN(2) },
    ]);
    expect(c.legal).toBe(false);
    expect(c.legalOps).toBe(2);
    expect(c.error?.code).toBe("move/program");
    expect(c.pose).toEqual({ x: IN(24), y: IN(12), facing: 9000 });
    expect(
      checkMove(ctx, position, "U", [
        { op: "pivot", cdeg: 100 },
        { op: "pivot", cdeg: 100 },
      ]).error?.code,
    ).toBe("move/program");
  });

  it("[004 Movement: Turning] a pivot that would swing into another unit is refused", () => {
    const { ctx, position } = table({
      units: [
        { id: "U", type: "infantry", x: 24, y: 10 },
        { id: "V", type: "infantry", x: 29, y: 10 },
      ],
    });
    expect(checkMove(ctx, position, "U", [{ op: "pivot", cdeg: 4500 }]).error?.code).toBe(
      "move/interpenetration",
    );
  });

  it("[004 Movement: Turning] a unit whose front is against a river, where no pivot can swing, steps straight back (moveDirection ahead-or-back); ahead only, it is stuck", () => {
    const river = {
      id: "r",
      name: "the Leine",
      line: [
        [0, 14],
        [48, 14],
      ] as [number, number][],
      crossings: [],
    };
    const units = [{ id: "U", type: "infantry" as const, x: 25, y: 12 }];
    // Its centre 2" short of the bank, its front edge (depth 2") on it: the furthest a clamped advance takes it.
    for (const moveDirection of ["ahead-or-back", "ahead"] as const) {
      const { ctx, position } = table({ rivers: [river], units, options: { moveDirection } });
      expect(checkMove(ctx, position, "U", [{ op: "pivot", cdeg: 18000 }]).error?.code).toBe("move/river");
      expect(checkMove(ctx, position, "U", [{ op: "pivot", cdeg: 4500 }]).error?.code).toBe("move/river");
      const back = checkMove(ctx, position, "U", [
        { op: "back", ticks: IN(2) },
        { op: "pivot", cdeg: 9000 },
      ]);
      if (moveDirection === "ahead") {
        expect(back.error?.code).toBe("move/program");
        expect(back.error?.message).toMatch(/^004 Movement: Turning: moves are straight ahead/);
        continue;
      }
      expect(back.legal).toBe(true);
      expect(back.used).toBe(IN(2));
      expect(back.pose).toEqual({ x: IN(25), y: IN(10), facing: 9000 });
    }
  });

  it("[004 Movement: Turning] straight back is metered like straight ahead, and is the move's one straight leg", () => {
    const { ctx, position } = open("infantry");
    expect(checkMove(ctx, position, "U", [{ op: "back", ticks: IN(6) }]).legal).toBe(true);
    expect(checkMove(ctx, position, "U", [{ op: "back", ticks: IN(6) + 1 }]).error?.code).toBe(
      "move/over-allowance",
    );
    expect(
      checkMove(ctx, position, "U", [
        { op: "back", ticks: IN(1) },
        { op: "advance", ticks: IN(1) },
      ]).error?.code,
    ).toBe("move/program");
    const c = checkMove(ctx, position, "U", [{ op: "back", ticks: IN(20) }]);
    expect(c.clampTicks).toBe(IN(6));
  });

  it("[004 Movement: Turning] a reverse is a pivot of 180º, an advance and a pivot back", () => {
    const { ctx, position } = open("infantry");
    const c = checkMove(ctx, position, "U", [
      { op: "pivot", cdeg: 18000 },
      { op: "advance", ticks: IN(3) },
      { op: "pivot", cdeg: 18000 },
    ]);
    expect(c.pose).toEqual({ x: IN(24), y: IN(7), facing: 0 });
  });
});

describe("004 Movement: Terrain", () => {
  const wood = {
    id: "w",
    kind: "woods" as const,
    name: "Hollow Wood",
    polygon: [
      [20, 20],
      [28, 20],
      [28, 26],
      [20, 26],
    ] as [number, number][],
  };

  it("[004 Movement: Woods] only Skirmishers may enter woods", () => {
    const { ctx, position } = table({
      terrain: [wood],
      units: [
        { id: "R-INF2", type: "infantry", x: 24, y: 16 },
        { id: "SK", type: "skirmishers", x: 12, y: 16 },
      ],
    });
    const c = checkMove(ctx, position, "R-INF2", [{ op: "advance", ticks: IN(6) }]);
    expect(c.error?.code).toBe("move/woods");
    expect(c.error?.message).toBe(
      "004 Movement: Woods: only Skirmishers may enter woods (R-INF2's move would enter Hollow Wood)",
    );
    // It may come up to the edge: its front edge at y = 20 touches the wood.
    expect(c.clampTicks).toBe(IN(3));
    expect(checkMove(ctx, position, "R-INF2", [{ op: "advance", ticks: IN(3) }]).legal).toBe(true);
    expect(checkMove(ctx, position, "R-INF2", [{ op: "advance", ticks: IN(3) + 1 }]).legal).toBe(false);
    const sk = withUnits(position, { SK: { x: IN(24), y: IN(16) }, "R-INF2": { x: IN(10) } });
    expect(checkMove(ctx, sk, "SK", [{ op: "advance", ticks: IN(6) }]).legal).toBe(true);
  });

  it("[004 Movement: Towns] only Infantry and Skirmishers may end their move in a town; others may pass through", () => {
    const town = {
      id: "t",
      kind: "town" as const,
      name: "Dorf",
      polygon: [
        [20, 14],
        [28, 14],
        [28, 18],
        [20, 18],
      ] as [number, number][],
    };
    const { ctx, position } = table({
      terrain: [town],
      units: [
        { id: "CAV", type: "cavalry", x: 24, y: 10 },
        { id: "INF", type: "infantry", x: 36, y: 10 },
        { id: "ART", type: "artillery", x: 12, y: 10 },
      ],
    });
    const into = checkMove(ctx, position, "CAV", [{ op: "advance", ticks: IN(6) }]);
    expect(into.error?.code).toBe("move/town");
    expect(checkMove(ctx, position, "CAV", [{ op: "advance", ticks: IN(12) }]).legal).toBe(true);
    const inf = withUnits(position, { INF: { x: IN(24) }, CAV: { x: IN(40) } });
    expect(checkMove(ctx, inf, "INF", [{ op: "advance", ticks: IN(6) }]).legal).toBe(true);
    const art = withUnits(position, { ART: { x: IN(24) }, CAV: { x: IN(40) } });
    expect(checkMove(ctx, art, "ART", [{ op: "advance", ticks: IN(6) }]).error?.code).toBe("move/town");
  });

  it("[004 Movement: Marshland and Lakes] impassable to all units, Skirmishers too", () => {
    for (const kind of ["marsh", "lake"] as const) {
      const { ctx, position } = table({
        terrain: [
          {
            id: "m",
            kind,
            name: "the Fen",
            polygon: [
              [20, 14],
              [28, 14],
              [28, 18],
              [20, 18],
            ],
          },
        ],
        units: [{ id: "SK", type: "skirmishers", x: 24, y: 10 }],
      });
      expect(checkMove(ctx, position, "SK", [{ op: "advance", ticks: IN(9) }]).error?.code).toBe(
        "move/impassable",
      );
    }
  });

  it("[004 Movement: Rivers] crossed only via bridges and fords", () => {
    const { ctx, position } = table({
      rivers: [
        {
          id: "r",
          name: "the Leine",
          line: [
            [0, 14],
            [10, 14],
            [20, 14],
            [30, 14],
            [38, 14],
            [48, 14],
          ],
          crossings: [
            { kind: "bridge", segment: 1, name: "the Bridge" },
            { kind: "ford", segment: 3, name: "the Ford" },
          ],
        },
      ],
      units: [
        { id: "AT-BRIDGE", type: "infantry", x: 15, y: 10 },
        { id: "ELSEWHERE", type: "infantry", x: 25, y: 10 },
        { id: "AT-FORD", type: "cavalry", x: 34, y: 10 },
      ],
    });
    expect(checkMove(ctx, position, "AT-BRIDGE", [{ op: "advance", ticks: IN(6) }]).legal).toBe(true);
    expect(checkMove(ctx, position, "AT-FORD", [{ op: "advance", ticks: IN(12) }]).legal).toBe(true);
    const c = checkMove(ctx, position, "ELSEWHERE", [{ op: "advance", ticks: IN(6) }]);
    expect(c.error?.code).toBe("move/river");
    expect(c.clampTicks).toBe(IN(3));
  });

  describe("004 Movement: Roads", () => {
    const road = {
      id: "rd",
      name: "the Post Road",
      line: [
        [24, 0],
        [24, 30],
        [40, 46],
      ] as [number, number][],
      width: 2,
    };

    it('[004 Movement: Roads] +3" when the entire move is on the road, exactly and not a tick more', () => {
      const { ctx, position } = table({
        roads: [road],
        units: [{ id: "U", type: "infantry", x: 24, y: 10 }],
      });
      const at = checkMove(ctx, position, "U", [{ op: "road", ticks: IN(9) }]);
      expect(at.legal).toBe(true);
      expect(at.allowance).toBe(IN(9));
      expect(at.byRoad).toBe(true);
      expect(checkMove(ctx, position, "U", [{ op: "road", ticks: IN(9) + 1 }]).error?.code).toBe(
        "move/over-allowance",
      );
      // The same distance off the road is over the allowance.
      expect(checkMove(ctx, position, "U", [{ op: "advance", ticks: IN(9) }]).error?.code).toBe(
        "move/over-allowance",
      );
    });

    it("[004 Movement: Roads] a road move follows the road's bends with pivots between its legs", () => {
      const { ctx, position } = table({ roads: [road], units: [{ id: "U", type: "cavalry", x: 24, y: 26 }] });
      const c = checkMove(ctx, position, "U", [
        { op: "road", ticks: IN(4) },
        { op: "pivot", cdeg: 4500 },
        { op: "road", ticks: IN(8) },
      ]);
      expect(c.legal).toBe(true);
      expect(c.used).toBe(IN(12));
      expect(c.allowance).toBe(IN(15));
    });

    it("[004 Movement: Roads] no bonus unless the entire move is on the road", () => {
      const { ctx, position } = table({
        roads: [road],
        units: [{ id: "U", type: "infantry", x: 24, y: 10 }],
      });
      const off = checkMove(ctx, position, "U", [
        { op: "pivot", cdeg: 4500 },
        { op: "road", ticks: IN(8) },
      ]);
      expect(off.error?.code).toBe("move/off-road");
      const mixed = checkMove(ctx, position, "U", [
        { op: "road", ticks: IN(2) },
        { op: "advance", ticks: IN(2) },
      ]);
      expect(mixed.error?.code).toBe("move/program");
    });
  });
});

describe("004 Movement: Interpenetration", () => {
  const layout = (
    mover: "infantry" | "skirmishers",
    other: "infantry" | "skirmishers",
    side: "first" | "second",
  ) =>
    table({
      units: [
        { id: "M", type: mover, x: 24, y: 10 },
        { id: "O", type: other, x: 24, y: 14, side },
      ],
    });

  it("[004 Movement: Interpenetration] only Skirmishers pass through other units", () => {
    const inf = layout("infantry", "infantry", "first");
    expect(checkMove(inf.ctx, inf.position, "M", [{ op: "advance", ticks: IN(6) }]).error?.code).toBe(
      "move/interpenetration",
    );
    const sk = layout("skirmishers", "infantry", "first");
    expect(checkMove(sk.ctx, sk.position, "M", [{ op: "advance", ticks: IN(8) }]).legal).toBe(true);
  });

  it("[004 Movement: Interpenetration] (and vice versa) other units pass through Skirmishers", () => {
    const t = layout("infantry", "skirmishers", "first");
    expect(checkMove(t.ctx, t.position, "M", [{ op: "advance", ticks: IN(6) }]).legal).toBe(true);
  });

  it("[004 Movement: Interpenetration] no unit ends its move on another", () => {
    const t = layout("infantry", "skirmishers", "first");
    expect(checkMove(t.ctx, t.position, "M", [{ op: "advance", ticks: IN(4) }]).error?.code).toBe(
      "move/overlap",
    );
    // Touching is not overlapping: the infantry's front edge meets the skirmishers' rear edge.
    expect(checkMove(t.ctx, t.position, "M", [{ op: "advance", ticks: IN(2, 1, 2) }]).legal).toBe(true);
  });

  it("[004 Movement: Interpenetration] enemy units block, Skirmishers included", () => {
    const t = layout("skirmishers", "skirmishers", "second");
    expect(checkMove(t.ctx, t.position, "M", [{ op: "advance", ticks: IN(8) }]).error?.code).toBe(
      "move/interpenetration",
    );
  });

  it("[004 Movement] bases stay on the table", () => {
    const { ctx, position } = table({ units: [{ id: "U", type: "cavalry", x: 24, y: 40 }] });
    const c = checkMove(ctx, position, "U", [{ op: "advance", ticks: IN(12) }]);
    expect(c.error?.code).toBe("move/off-table");
    expect(c.clampTicks).toBe(IN(7));
  });
});

describe("004 Square Formation: No Movement", () => {
  it("[004 Square Formation] units in Square may not move, nor pivot", () => {
    const { ctx, position } = table({
      units: [{ id: "U", type: "infantry", x: 24, y: 10 }],
      options: { squares: "on" },
    });
    const sq = withUnits(position, { U: { formation: "square" } });
    expect(checkMove(ctx, sq, "U", [{ op: "pivot", cdeg: 100 }]).error?.code).toBe("move/in-square");
  });
});
