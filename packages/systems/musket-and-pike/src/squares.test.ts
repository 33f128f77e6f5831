import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { assessAttack } from "./combat/assess.js";
import { legalActions } from "./legal.js";
import { attack, endPhase, eventsOf, field, fire, playWithDice, resolve } from "./test-support/combat.js";
import { expectRefused } from "./test-support/setup.js";

const squares = { optionalRules: ["infantry-squares" as const] };
const form = (hex: string) => ({ type: "form-square" as const, hex });
const unform = (hex: string) => ({ type: "remove-square" as const, hex });

describe("12.0 infantry squares (optional)", () => {
  it("[12.0] [12.1A] all the units of a hex form a square, up to four whatever the stacking limit", () => {
    // Grantham: the First Player stacks two.
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-PM1", "B-MP1", "B-MA1"], "1110": ["G-PP1"] },
      { ...squares, phase: "movement" },
    );
    expectRefused(apply(ctx, position, endPhase), "10.0", "stacking/over-limit");
    expect(legalActions(ctx, position)).toContainEqual(form("0606"));
    const s = playWithDice(ctx, position, [], form("0606"), endPhase);
    expect(s.position.squares).toEqual(["0606"]);
    expect(s.position.phase).toBe("melee");
  });

  it("[12.3E] [12.2] no cavalry, and no disrupted unit, forms a square (errata); dismounted Dragoons may", () => {
    const cavalry = field({ "0606": ["B-PP1", "B-HC1"] }, { ...squares, phase: "movement" });
    expectRefused(apply(cavalry.ctx, cavalry.position, form("0606")), "12.3E", "square/cavalry");
    const shaken = field(
      { "0606": ["B-PP1", "B-PM1"] },
      { ...squares, phase: "movement", disrupted: ["B-PM1"] },
    );
    expectRefused(apply(shaken.ctx, shaken.position, form("0606")), "12.2", "square/disrupted");
    const dragoons = field(
      { "0606": ["B-PP1", "B-DR1"] },
      {
        optionalRules: ["infantry-squares", "dismounting-cavalry"],
        phase: "movement",
        dismounted: ["B-DR1"],
      },
    );
    expect(apply(dragoons.ctx, dragoons.position, form("0606")).ok).toBe(true);
  });

  it("[12.2B] nobody moves out of, into or through a square; its guns may limber and unlimber", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-MA1"], "0605": ["B-MP1"] },
      { ...squares, phase: "movement" },
    );
    const s = playWithDice(ctx, position, [], form("0606"));
    expectRefused(
      apply(ctx, s.position, { type: "move", unit: "B-PP1", steps: ["0607"] }),
      "12.2B",
      "move/in-square",
    );
    expectRefused(
      apply(ctx, s.position, { type: "move", unit: "B-MP1", steps: ["0606", "0607"] }),
      "12.2B",
      "move/square",
    );
    const limbered = playWithDice(ctx, s.position, [], { type: "move", unit: "B-MA1", steps: ["limber"] });
    expect(limbered.position.units["B-MA1"]?.limbered).toBe(true);
    expect(limbered.position.stacks["0606"]).toContain("B-MA1");
  });

  it("[12.2] errata: a square is removed at the beginning of its owner's Movement Phase, before any unit moves", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1"], "0101": ["B-MP1"] },
      { ...squares, phase: "movement" },
    );
    const formed = { ...position, squares: ["0606"] };
    const s = playWithDice(ctx, formed, [], unform("0606"), { type: "move", unit: "B-PP1", steps: ["0607"] });
    expect(s.position.squares).toEqual([]);
    const late = playWithDice(ctx, formed, [], { type: "move", unit: "B-MP1", steps: ["0102"] });
    const e = expectRefused(apply(ctx, late.position, unform("0606")), "12.2", "square/not-beginning");
    expect(e).toMatchObject({ hex: "0606", message: expect.stringContaining("before any unit moves") });
  });

  it("[12.0] every infantry unit of a square defends in melee, and flank attacks are ignored", () => {
    const stacks = { "0706": ["G-MP1"], "0708": ["G-MP2"], "0707": ["B-PP1", "B-PM1", "B-PP2"] };
    const { ctx, position } = field(stacks, { ...squares, phasing: "second" });
    const plain = assessAttack(ctx, position, {
      kind: "melee",
      attackers: ["G-MP1", "G-MP2"],
      targets: ["0707"],
    });
    const inSquare = assessAttack(
      ctx,
      { ...position, squares: ["0707"] },
      {
        kind: "melee",
        attackers: ["G-MP1", "G-MP2"],
        targets: ["0707"],
      },
    );
    if (!plain.ok || !inSquare.ok) throw new Error("refused");
    // Outside a square: the top two (PP 4 and PM 0 beside it), flanked: 8 to 4.
    expect([plain.value.attack, plain.value.defence]).toEqual([8, 4]);
    // In a square: all three (4 + 0 + 4), and no flank doubling: 4 to 8.
    expect(inSquare.value.defenders.map((d) => d.unit)).toEqual(["B-PP1", "B-PM1", "B-PP2"]);
    expect([inSquare.value.attack, inSquare.value.defence]).toEqual([4, 8]);
    expect(inSquare.value.notes.map((n) => n.rule)).toContain("12.0");
    // Resolved: 4 against 8 is 1-2, a 5 is D, and it falls on all three.
    const s = playWithDice(
      ctx,
      { ...position, squares: ["0707"] },
      [5],
      attack("G-MP1", "0707"),
      attack("G-MP2", "0707"),
      resolve("0707"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({
      attack: 4,
      defence: 8,
      odds: "1-2",
      result: "D",
      defenders: ["B-PP1", "B-PM1", "B-PP2"],
    });
    expect(eventsOf(s.events, "unit-disrupted").map((e) => e.unit)).toEqual(["B-PP1", "B-PM1", "B-PP2"]);
  });

  it("[12.3F] errata: fire against a square is doubled; [12.3D] its fire units fire as usual", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1", "G-PM1"] },
      { ...squares, phase: "fire" },
    );
    const square = { ...position, squares: ["0306"] };
    const a = assessAttack(ctx, square, { kind: "fire", attackers: ["B-PM1"], targets: ["0306"] });
    expect(a.ok && [a.value.attack, a.value.odds]).toEqual([16, "5-1"]);
    const theirs = { ...square, phasing: "second" as const };
    expect(apply(ctx, theirs, fire("G-PM1", "0106")).ok).toBe(true);
  });

  it("[12.3C] units attack out of a square (the top two) but do not advance after combat", () => {
    const { ctx, position } = field({ "0605": ["B-EP1", "B-EP2"], "0606": ["G-MP1"] }, squares);
    const s = playWithDice(
      ctx,
      { ...position, squares: ["0605"] },
      [6],
      attack("B-EP1", "0606"),
      resolve("0606"),
    );
    expect(s.position.offMap["G-MP1"]).toBe("eliminated");
    expect(s.position.decision).toBeUndefined();
  });

  it("[12.2] errata: combat results move units within a square; a square left empty is gone", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1", "G-MP1"] },
      { ...squares, phase: "fire" },
    );
    // PM 8, doubled to 16, against 3: 5-1; a 1 is D: the top unit goes to the bottom of the square.
    const s = playWithDice(
      ctx,
      { ...position, squares: ["0306"] },
      [1],
      fire("B-PM1", "0306"),
      resolve("0306"),
    );
    expect(s.position.stacks["0306"]).toEqual(["G-MP1", "G-PP1"]);
    expect(s.position.squares).toEqual(["0306"]);
    const e = playWithDice(
      ctx,
      { ...position, squares: ["0306"] },
      [6],
      fire("B-PM1", "0306"),
      resolve("0306"),
    );
    expect(eventsOf(e.events, "combat-resolved")[0]?.result).toBe("E2");
    expect(e.position.squares).toEqual([]);
  });
});

describe("12.0 combat results against a square (optional)", () => {
  /* 0707 is clear; at 5-1 a 3 is D, a 4 E1 and a 6 E2. */
  /** Three MPs in a square at 0707 (6 to defend), against EPs at 0706, 0708 and 0806. */
  function square(attackers: Record<string, string[]>) {
    const { ctx, position } = field(
      { ...attackers, "0707": ["B-MP1", "B-MP2", "B-MP3"] },
      { optionalRules: ["infantry-squares"], phasing: "second", scenario: "16.22" },
    );
    return { ctx, position: { ...position, squares: ["0707"] } };
  }
  const allAttack = (attackers: Record<string, string[]>) =>
    Object.values(attackers)
      .flat()
      .map((id) => attack(id, "0707"));
  const five = { "0706": ["G-EP1", "G-EP2"], "0708": ["G-EP3", "G-EP4"], "0806": ["G-EP5"] };

  it("[12.0] [8.11] D disrupts and retreats every defender of the square, the third too", () => {
    const { ctx, position } = square(five);
    // 30 against 6: 5-1; a 3 is D.
    const s = playWithDice(ctx, position, [3], ...allAttack(five), resolve("0707"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "D" });
    expect(eventsOf(s.events, "unit-disrupted").map((e) => e.unit)).toEqual(["B-MP1", "B-MP2", "B-MP3"]);
    expect(s.position.decision).toMatchObject({ kind: "retreat", units: ["B-MP1", "B-MP2", "B-MP3"] });
  });

  it("[12.0] [8.11] E1 eliminates the square's top defender, disrupts the second; the third is unaffected", () => {
    const { ctx, position } = square(five);
    // 5-1; a 4 is E1.
    const s = playWithDice(ctx, position, [4], ...allAttack(five), resolve("0707"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "E1" });
    expect(eventsOf(s.events, "unit-eliminated").map((e) => e.unit)).toEqual(["B-MP1"]);
    expect(eventsOf(s.events, "unit-disrupted").map((e) => e.unit)).toEqual(["B-MP2"]);
    expect(s.position.units["B-MP3"]?.disrupted).toBe(false);
    expect(s.position.stacks["0707"]).toContain("B-MP3");
  });

  it("[12.0] [8.11] E2 eliminates the square's top two defenders; the third is unaffected", () => {
    const { ctx, position } = square(five);
    // 5-1; a 6 is E2.
    const s = playWithDice(ctx, position, [6], ...allAttack(five), resolve("0707"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "E2" });
    expect(eventsOf(s.events, "unit-eliminated").map((e) => e.unit)).toEqual(["B-MP1", "B-MP2"]);
    expect(eventsOf(s.events, "unit-disrupted")).toEqual([]);
    expect(s.position.stacks["0707"]).toEqual(["B-MP3"]);
    expect(s.position.squares).toEqual(["0707"]);
    expect(s.position.decision).toBeUndefined();
  });
});

describe("12.0 forming and removing a square: the refusals", () => {
  const inMovement = { ...squares, phase: "movement" as const };

  it("[12.0] only with the optional rule in play", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"] }, { phase: "movement" });
    const e = expectRefused(apply(ctx, position, form("0606")), "12.0", "square/not-in-play");
    expect(e).toMatchObject({
      hex: "0606",
      message: expect.stringContaining("Infantry Squares is not in play"),
    });
  });

  it("[12.0] only in the player's own Movement Phase", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"] }, { ...squares, phase: "fire" });
    const e = expectRefused(apply(ctx, position, form("0606")), "12.0", "square/wrong-phase");
    expect(e).toMatchObject({ hex: "0606", message: expect.stringContaining("own Movement Phase") });
  });

  it("[12.0] only with the Phasing Player's units, in a hex that holds some", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"], "0808": ["G-PP1"] }, inMovement);
    const empty = expectRefused(apply(ctx, position, form("0707")), "12.0", "square/no-units");
    expect(empty).toMatchObject({ hex: "0707", message: expect.stringContaining("no units in 0707") });
    const enemy = expectRefused(apply(ctx, position, form("0808")), "12.0", "square/no-units");
    expect(enemy).toMatchObject({ hex: "0808" });
    expect(legalActions(ctx, position).filter((a) => a.type === "form-square")).toEqual([form("0606")]);
  });

  it("[12.0] a square is formed once", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"] }, inMovement);
    const e = expectRefused(
      apply(ctx, { ...position, squares: ["0606"] }, form("0606")),
      "12.0",
      "square/already",
    );
    expect(e).toMatchObject({ hex: "0606", message: expect.stringContaining("0606 is already a square") });
  });

  it("[12.1A] no more than four units in a square", () => {
    const five = ["B-PP1", "B-PP2", "B-PM1", "B-MP1", "B-MA1"];
    const { ctx, position } = field({ "0606": five }, inMovement);
    const e = expectRefused(apply(ctx, position, form("0606")), "12.1A", "square/too-many");
    expect(e).toMatchObject({
      hex: "0606",
      message: expect.stringContaining("at most four units; 0606 has 5"),
    });
  });

  it("[12.3E] [12.2] the refusal names the unit that may not be in the square", () => {
    const cavalry = field({ "0606": ["B-PP1", "B-HC1"] }, inMovement);
    const e = expectRefused(apply(cavalry.ctx, cavalry.position, form("0606")), "12.3E", "square/cavalry");
    expect(e).toMatchObject({ hex: "0606", unit: "B-HC1", message: expect.stringContaining("not B-HC1") });
    const shaken = field({ "0606": ["B-PP1", "B-PM1"] }, { ...inMovement, disrupted: ["B-PM1"] });
    const d = expectRefused(apply(shaken.ctx, shaken.position, form("0606")), "12.2", "square/disrupted");
    expect(d).toMatchObject({
      hex: "0606",
      unit: "B-PM1",
      message: expect.stringContaining("B-PM1 is disrupted"),
    });
  });

  it("[13.0E] a unit in Road Movement Mode does not form a square", () => {
    const { ctx, position } = field(
      { "0505": ["B-PP1", "B-PM1"] },
      { optionalRules: ["infantry-squares", "road-movement"], phase: "movement", roadMode: ["B-PP1"] },
    );
    const e = expectRefused(apply(ctx, position, form("0505")), "13.0E", "square/road-mode");
    expect(e).toMatchObject({
      hex: "0505",
      unit: "B-PP1",
      message: expect.stringContaining("B-PP1 is in Road"),
    });
  });

  it("[12.0] a new square is listed in map order, with its event", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"], "0707": ["B-PP2"] }, inMovement);
    const r = apply(ctx, { ...position, squares: ["0707"] }, form("0606"));
    expect(r.ok && r.value.position.squares).toEqual(["0606", "0707"]);
    expect(r.ok && r.value.events).toEqual([{ type: "square-formed", hex: "0606", rule: "12.0" }]);
  });

  it("[12.2] only a square is removed, by its owner, in his Movement Phase; with its event", () => {
    const { ctx, position } = field({ "0606": ["B-PP1"], "0808": ["G-PP1"] }, inMovement);
    const formed = { ...position, squares: ["0606", "0808"] };
    const none = expectRefused(apply(ctx, formed, unform("0707")), "12.0", "square/none");
    expect(none).toMatchObject({ hex: "0707", message: expect.stringContaining("0707 is not a square") });
    const theirs = expectRefused(apply(ctx, formed, unform("0808")), "12.2", "square/wrong-phase");
    expect(theirs).toMatchObject({
      hex: "0808",
      message: expect.stringContaining("beginning of his Movement Phase"),
    });
    expectRefused(apply(ctx, { ...formed, phase: "melee" }, unform("0606")), "12.2", "square/wrong-phase");
    const r = apply(ctx, formed, unform("0606"));
    expect(r.ok && r.value.position.squares).toEqual(["0808"]);
    expect(r.ok && r.value.events).toEqual([{ type: "square-removed", hex: "0606", rule: "12.2" }]);
  });
});
