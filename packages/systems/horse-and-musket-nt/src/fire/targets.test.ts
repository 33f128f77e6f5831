import { describe, expect, it } from "vitest";
import { exactJudge } from "../grey-areas.js";
import { legalActions } from "../legal.js";
import { eventsOf, inch, play, refusal, table, withUnits } from "../test-support/table.js";
import { priorityTargets, visibleEnemies } from "./targets.js";

/**
 * 1.1 A Priority and 1.1 B Range. The shooter A stands at (36, 10) facing
 * north: an infantry base's front-centre point is (36, 11.5), a gun's
 * (36, 11). Targets face south, so the side they show is their front,
 * whose centre is their centre less half their depth.
 */
const FOOT = { id: "A", type: "infantry" as const, x: 36, y: 10 };
const GUN = { id: "A", type: "artillery" as const, x: 36, y: 10 };

describe("[003 Fire A] priority: the closest, most directly forward unit in the front arc", () => {
  // B-Far straight ahead at 6"; B-Near 5.83" away, off to the right but in the front arc.
  const set = table({
    units: [
      FOOT,
      { id: "B-Far", side: "second", type: "infantry", x: 36, y: 19, facing: 18000 },
      { id: "B-Near", side: "second", type: "infantry", x: 41, y: 16, facing: 18000 },
    ],
  });

  it("[003 Fire A] the closest is the target, though another is more directly forward", () => {
    expect(visibleEnemies(set.ctx, set.position, "A").map((c) => c.id)).toEqual(["B-Near", "B-Far"]);
    const { events } = play(set.ctx, set.position, { type: "fire", unit: "A" }, [4]);
    expect(eventsOf(events, "fired").map((e) => e.target)).toEqual(["B-Near"]);
  });

  it("[003 Fire A] a shot named at another unit is refused, citing the priority", () => {
    const e = refusal(set.ctx, set.position, { type: "fire", unit: "A", target: "B-Far" }, [4]);
    expect(e.code).toBe("fire/not-priority");
    expect(e.message).toMatch(/003 1\.1 A: .*A must fire at B-Near/);
  });

  it("[003 Fire A] at the same range, the more directly forward unit is the target", () => {
    // Guns: B1 at (5, 12) from the front centre, B2 at (0, 13): both exactly 13" away.
    const { ctx, position } = table({
      units: [
        GUN,
        { id: "B1", side: "second", type: "artillery", x: 41, y: 24, facing: 18000 },
        { id: "B2", side: "second", type: "artillery", x: 36, y: 25, facing: 18000 },
      ],
    });
    const [b1, b2] = ["B1", "B2"].map((id) => visibleEnemies(ctx, position, "A").find((c) => c.id === id));
    expect(b1?.sight.d2).toBe(inch(13) ** 2);
    expect(b2?.sight.d2).toBe(inch(13) ** 2);
    expect(priorityTargets(ctx, position, "A", exactJudge).map((t) => t.id)).toEqual(["B2"]);
    const { events } = play(ctx, position, { type: "fire", unit: "A" }, [4]);
    expect(eventsOf(events, "fired")[0]?.target).toBe("B2");
  });

  it("[003 Fire A] an exact tie lets the player name the target; either is offered", () => {
    // Mirror images at (-5, 12) and (5, 12): as close and as forward.
    const { ctx, position } = table({
      units: [
        GUN,
        { id: "B1", side: "second", type: "artillery", x: 31, y: 24, facing: 18000 },
        { id: "B2", side: "second", type: "artillery", x: 41, y: 24, facing: 18000 },
        { id: "B3", side: "second", type: "artillery", x: 36, y: 30, facing: 18000 },
      ],
    });
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [4]).code).toBe("fire/choose-target");
    expect(refusal(ctx, position, { type: "fire", unit: "A", target: "B3" }, [4]).code).toBe(
      "fire/not-priority",
    );
    const fires = legalActions(ctx, position).filter((a) => a.type === "fire");
    expect(fires).toEqual([
      { type: "fire", unit: "A", target: "B1" },
      { type: "fire", unit: "A", target: "B2" },
    ]);
    for (const target of ["B1", "B2"]) {
      const { events } = play(ctx, position, { type: "fire", unit: "A", target }, [4]);
      expect(eventsOf(events, "fired").map((e) => e.target)).toEqual([target]);
    }
  });

  it("[003 Fire A] only units in the front arc are targets: one behind the shooter is not", () => {
    const { ctx, position } = table({
      units: [FOOT, { id: "B", side: "second", type: "infantry", x: 36, y: 5, facing: 0 }],
    });
    expect(visibleEnemies(ctx, position, "A")).toEqual([]);
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [4]).code).toBe("fire/no-target");
  });
});

describe("[003 Fire A: split] two mutually protected units at the same range are both targeted", () => {
  // B-L and B-R side by side, half an inch apart (their inner front corners 0.5" apart: mutually protected).
  const pair = (left: { x: number; y: number }, right: { x: number; y: number }, rolled = 5) => {
    const { ctx, position } = table({
      units: [
        FOOT,
        { id: "B-L", side: "second", type: "infantry", ...left, facing: 18000 },
        { id: "B-R", side: "second", type: "infantry", ...right, facing: 18000 },
      ],
    });
    return { ctx, position, rolled };
  };

  it("[003 Fire A: split] hits divided equally, the odd hit on the closer unit", () => {
    // B-L 4.24" away, B-R 4.61": both at effective range.
    const { ctx, position } = pair({ x: 33, y: 16 }, { x: 39.5, y: 16 });
    const { position: after, events } = play(ctx, position, { type: "fire", unit: "A" }, [5]);
    const fired = eventsOf(events, "fired");
    expect(fired.map((e) => [e.target, e.hits, e.total, e.share, e.band])).toEqual([
      ["B-L", 3, 5, "closer", "effective"],
      ["B-R", 2, 5, "other", "effective"],
    ]);
    expect([after.units["B-L"]?.hits, after.units["B-R"]?.hits]).toEqual([3, 2]);
  });

  it("[003 Fire A: split] an even volley is divided equally", () => {
    const { ctx, position } = pair({ x: 33, y: 16 }, { x: 39.5, y: 16 });
    const { events } = play(ctx, position, { type: "fire", unit: "A" }, [4]);
    expect(eventsOf(events, "fired").map((e) => e.hits)).toEqual([2, 2]);
  });

  it("[003 Fire A: split] [003 Fire B] at different ranges (point blank and effective) only the priority is hit", () => {
    // B-L 3.6" (point blank), B-R 4.3" (effective): still mutually protected, not at the same Range.
    const { ctx, position } = pair({ x: 33, y: 15 }, { x: 39.5, y: 15.5 });
    const { events } = play(ctx, position, { type: "fire", unit: "A" }, [5]);
    expect(eventsOf(events, "fired").map((e) => [e.target, e.hits, e.band])).toEqual([
      ["B-L", 10, "point-blank"],
    ]);
  });

  it("[003 Fire A: split] as close as each other: the named priority takes the odd hit", () => {
    const { ctx, position } = pair({ x: 32.75, y: 16 }, { x: 39.25, y: 16 });
    for (const [target, other] of [
      ["B-L", "B-R"],
      ["B-R", "B-L"],
    ] as const) {
      const { position: after } = play(ctx, position, { type: "fire", unit: "A", target }, [5]);
      expect([after.units[target]?.hits, after.units[other]?.hits]).toEqual([3, 2]);
    }
  });

  it("[003 Fire A: split] units further apart than 1 inch are not protected: one target only", () => {
    const { ctx, position } = pair({ x: 33, y: 16 }, { x: 41, y: 16 });
    const { events } = play(ctx, position, { type: "fire", unit: "A" }, [5]);
    expect(eventsOf(events, "fired").map((e) => [e.target, e.hits])).toEqual([["B-L", 5]]);
  });
});

describe("[003 Fire B] range: guns 8 and 36 inches, infantry and skirmishers 4 and 8", () => {
  /** A target straight ahead whose front is `d` ticks from the shooter's front centre. */
  function at(type: "infantry" | "skirmishers" | "artillery", d: number, greyAreas: "exact" | "roll-off") {
    const front = type === "artillery" ? inch(11) : inch(11.5);
    const { ctx, position } = table({
      units: [
        { id: "A", type, x: 36, y: 10 },
        { id: "B", side: "second", type: "infantry", x: 36, y: 20, facing: 18000 },
      ],
      options: { greyAreas },
    });
    return { ctx, position: withUnits(position, { B: { y: front + d + inch(1.5) } }) };
  }
  const shoot = (s: ReturnType<typeof at>, dice: number[]) =>
    play(s.ctx, s.position, { type: "fire", unit: "A" }, dice).events;
  const BEYOND = inch(0, 1, 16) + 1;

  it("[003 Fire B] [003 Fire iii] foot: exactly 4 inches is point blank, exactly 8 is effective (exact measure)", () => {
    expect(eventsOf(shoot(at("infantry", inch(4), "exact"), [3]), "fired")[0]).toMatchObject({
      band: "point-blank",
      hits: 6,
    });
    expect(eventsOf(shoot(at("infantry", inch(8), "exact"), [3]), "fired")[0]).toMatchObject({
      band: "effective",
      hits: 3,
    });
    const past = at("infantry", inch(8) + 1, "exact");
    expect(refusal(past.ctx, past.position, { type: "fire", unit: "A" }, [3]).code).toBe("fire/no-target");
  });

  it("[003 Fire B] skirmishers fire to the same 4 and 8 inches", () => {
    expect(eventsOf(shoot(at("skirmishers", inch(4), "exact"), [5]), "fired")[0]).toMatchObject({
      band: "point-blank",
    });
    expect(eventsOf(shoot(at("skirmishers", inch(8), "exact"), [5]), "fired")[0]).toMatchObject({
      band: "effective",
    });
    const past = at("skirmishers", inch(8) + 1, "exact");
    expect(refusal(past.ctx, past.position, { type: "fire", unit: "A" }, [5]).code).toBe("fire/no-target");
  });

  it("[003 Fire B] guns: exactly 8 inches is point blank, exactly 36 is effective", () => {
    expect(eventsOf(shoot(at("artillery", inch(8), "exact"), [4]), "fired")[0]).toMatchObject({
      band: "point-blank",
      hits: 4,
    });
    expect(eventsOf(shoot(at("artillery", inch(36), "exact"), [4]), "fired")[0]).toMatchObject({
      band: "effective",
      hits: 2,
    });
    const past = at("artillery", inch(36) + 1, "exact");
    expect(refusal(past.ctx, past.position, { type: "fire", unit: "A" }, [4]).code).toBe("fire/no-target");
  });

  it("[003 Fire B] [003 Grey Areas] 1/16 inch and a tick beyond a limit is plainly out: no roll-off", () => {
    const pb = shoot(at("infantry", inch(4) + BEYOND, "roll-off"), [3]);
    expect(eventsOf(pb, "roll-off")).toEqual([]);
    expect(eventsOf(pb, "fired")[0]).toMatchObject({ band: "effective", hits: 3 });
    const gunPb = shoot(at("artillery", inch(8) + BEYOND, "roll-off"), [3]);
    expect(eventsOf(gunPb, "roll-off")).toEqual([]);
    expect(eventsOf(gunPb, "fired")[0]).toMatchObject({ band: "effective", hits: 1 });
    for (const [type, limit] of [
      ["infantry", 8],
      ["artillery", 36],
    ] as const) {
      const s = at(type, inch(limit) + BEYOND, "roll-off");
      expect(refusal(s.ctx, s.position, { type: "fire", unit: "A" }, [3]).code).toBe("fire/no-target");
    }
  });

  it("[003 Fire B] [003 Grey Areas] exactly at the limit is too close to call: a roll-off decides", () => {
    // The acting player (first) wants the target at point blank: 5 against 2, they win.
    const won = shoot(at("infantry", inch(4), "roll-off"), [5, 2, 3]);
    expect(eventsOf(won, "roll-off")[0]).toMatchObject({ rounds: [[5, 2]], winner: "first", answer: true });
    expect(eventsOf(won, "fired")[0]).toMatchObject({ band: "point-blank", hits: 6 });
    const lost = shoot(at("infantry", inch(4), "roll-off"), [2, 5, 3]);
    expect(eventsOf(lost, "roll-off")[0]).toMatchObject({ winner: "second", answer: false });
    expect(eventsOf(lost, "fired")[0]).toMatchObject({ band: "effective", hits: 3 });
  });
});
