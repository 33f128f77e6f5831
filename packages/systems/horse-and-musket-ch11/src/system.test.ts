import { HIDDEN_PRNG, makeSave, parseSave, replaySave, seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { horseAndMusket as sys } from "./system.js";
import { IN, refusal, table, withUnits } from "./test-support/table.js";

function opened(scenario: string, options: Record<string, unknown> = {}, seed = 1) {
  const setup = sys.parseSetup({ scenario, options });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = sys.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const o = sys.open(ctx.value, setup.value, seedPrng(seed));
  if (!o.ok) throw new Error(o.error.message);
  return { setup: setup.value, ctx: ctx.value, position: o.value.position };
}

/** The first `n` actions of a game that always plays the offered action at index roll % length. */
function script(scenario: string, n: number, seed: number): Action[] {
  const { ctx, position } = opened(scenario, {}, seed);
  let p = position;
  const out: Action[] = [];
  for (let i = 0; i < n && sys.toAct(p) !== null; i++) {
    const offered = sys.legalActions(ctx, p);
    const a = offered[(i * 7 + seed) % offered.length] as Action;
    const step = sys.apply(ctx, p, a);
    if (!step.ok) throw new Error(step.error.message);
    out.push(a);
    p = step.value.position;
  }
  return out;
}

describe("the RuleSystem adapter", () => {
  it("names itself, its rules data, dice, codes, scenarios and options", () => {
    expect(sys.id).toBe("horse-and-musket-ch11");
    expect(sys.title).toBe("Horse and Musket Wargames Rules (chapter 11)");
    expect(sys.version).toBe("0.1.0");
    expect(sys.dice.faces).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sys.scenarios()).toHaveLength(9);
    expect(sys.options().find((o) => o.id === "fieldOfFire")).toMatchObject({
      kind: "choice",
      default: "corner-rays",
      choices: ["corner-rays", "wedge-45", "wedge-22.5"],
    });
    expect(sys.cite("Shooting: Cover")).toBe("004 Shooting: Cover");
  });

  it("setups are strict: unknown scenarios, options and values are refused", () => {
    expect(sys.parseSetup({ scenario: "nowhere", options: {} }).ok).toBe(false);
    expect(sys.parseSetup({ scenario: "pitched-battle", options: { bogus: 1 } }).ok).toBe(false);
    expect(sys.parseSetup({ scenario: "pitched-battle", options: { fieldOfFire: "wedge-90" } }).ok).toBe(
      false,
    );
    expect(sys.parseSetup({ scenario: "pitched-battle", options: { units: 4 } }).ok).toBe(false);
    const r = sys.parseSetup({ scenario: "random", options: { units: 4, tableSeed: 9 } });
    expect(r.ok && r.value.options).toMatchObject({ units: 4, tableSeed: 9, fieldOfFire: "corner-rays" });
  });

  it("the same seed and actions give the same game; a replay reproduces the hash", () => {
    const actions = script("pitched-battle", 120, 3);
    const { ctx, position, setup } = opened("pitched-battle", {}, 3);
    const run = () =>
      actions.reduce((p, a) => {
        const s = sys.apply(ctx, p, a);
        if (!s.ok) throw new Error(s.error.message);
        return s.value.position;
      }, position);
    const final = run();
    expect(sys.hash(run())).toBe(sys.hash(final));
    const save = makeSave(sys, { setup, seed: 3, actions, final });
    const back = parseSave(JSON.parse(JSON.stringify(save)));
    if (!back.ok) throw new Error(back.error.message);
    const replayed = replaySave(sys, back.value);
    expect(replayed.ok && replayed.value.hash).toBe(sys.hash(final));
  });

  it("given dice replace the generator; too few are refused (dice/exhausted), non-faces too (dice/invalid)", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const p = { ...position, phase: "shooting" as const };
    const shot = sys.apply(ctx, p, { type: "shoot", unit: "S", target: "E" }, [6]);
    expect(shot.ok && shot.value.dice).toEqual([6]);
    expect(shot.ok && shot.value.position.prng).toBe(p.prng);
    expect(refusal(ctx, p, { type: "shoot", unit: "S", target: "E" }, []).code).toBe("dice/exhausted");
    expect(refusal(ctx, p, { type: "shoot", unit: "S", target: "E" }, [7]).code).toBe("dice/invalid");
    const rolled = sys.apply(ctx, p, { type: "shoot", unit: "S", target: "E" });
    expect(rolled.ok && rolled.value.position.prng).not.toBe(p.prng);
    // The public view cannot roll, but replays with the server's dice.
    const view = sys.publicView(p);
    expect(view.prng).toBe(HIDDEN_PRNG);
    expect(refusal(ctx, view, { type: "shoot", unit: "S", target: "E" }, []).code).toBe("dice/exhausted");
  });

  it("parsePosition refuses what no game reaches: overlapping bases, bases off the table, strange units, floats", () => {
    const { position } = opened("pitched-battle");
    const good = sys.parsePosition(JSON.parse(JSON.stringify(position)));
    expect(good.ok).toBe(true);
    const ids = Object.keys(position.units);
    const [a, b] = [ids[0] as string, ids[1] as string];
    const overlap = withUnits(position, {
      [b]: { x: position.units[a]?.x ?? 0, y: position.units[a]?.y ?? 0 },
    });
    expect(sys.parsePosition(overlap).ok).toBe(false);
    expect(sys.parsePosition(withUnits(position, { [a]: { y: -IN(1) } })).ok).toBe(false);
    expect(sys.parsePosition(withUnits(position, { [a]: { x: 1.5 } })).ok).toBe(false);
    expect(sys.parsePosition(withUnits(position, { [a]: { frontage: IN(4) } })).ok).toBe(false);
    expect(
      sys.parsePosition({ ...position, contacts: [{ attacker: a, defender: b, side: "front" }] }).ok,
    ).toBe(false);
    expect(
      sys.parsePosition({ ...position, rules: { ...position.rules, hash: "0123456789abcdef" } }).ok,
    ).toBe(false);
  });

  it("positions hold integers and strings only", () => {
    const actions = script("meeting-engagement", 150, 5);
    const { ctx, position } = opened("meeting-engagement", {}, 5);
    const final = actions.reduce((p, a) => {
      const s = sys.apply(ctx, p, a);
      if (!s.ok) throw new Error(s.error.message);
      return s.value.position;
    }, position);
    const leaves: unknown[] = [];
    const walk = (v: unknown): void => {
      if (v !== null && typeof v === "object") for (const x of Object.values(v)) walk(x);
      else leaves.push(v);
    };
    walk(sys.makePosition(final));
    for (const v of leaves) expect(typeof v === "string" || Number.isInteger(v)).toBe(true);
  });

  it("actions are validated strictly at the wire", () => {
    expect(
      sys.parseAction({ type: "move", unit: "R-INF1", program: [{ op: "advance", ticks: IN(6) }] }).ok,
    ).toBe(true);
    expect(
      sys.parseAction({ type: "move", unit: "R-INF1", program: [{ op: "advance", ticks: 1.5 }] }).ok,
    ).toBe(false);
    expect(sys.parseAction({ type: "move", unit: "R-INF1", program: [] }).ok).toBe(false);
    expect(sys.parseAction({ type: "charge", unit: "C", target: "T", turn: 4500, extra: 1 }).ok).toBe(false);
    expect(sys.parseAction({ type: "end-phase" }).ok).toBe(true);
  });

  it("status, seat names and log lines speak the scenario's words", () => {
    const { ctx, position } = opened("pitched-battle");
    expect(sys.status(ctx, position)).toEqual({
      turn: 1,
      phase: "movement",
      text: "Turn 1 of 10: Red Army's Movement",
    });
    expect(sys.seatName(ctx, "second")).toBe("Blue Army");
    const river = opened("river-crossing");
    // A plural name takes the apostrophe alone.
    expect(sys.status(river.ctx, river.position).text).toBe("Turn 1 of 10: Attackers' Movement");
    expect(
      sys.describeEvent(ctx, {
        type: "shot",
        unit: "R-INF1",
        target: "B-INF1",
        roll: 5,
        hits: 3,
        cover: true,
        modifier: 0,
      }),
    ).toBe(
      "R-INF1 shot at B-INF1: die 5, halved in cover (rounded up), 3 hits (004 Shooting: Assess Casualties; Cover)",
    );
    expect(
      sys.describeEvent(ctx, {
        type: "shot",
        unit: "R-ART1",
        target: "B-INF1",
        roll: 1,
        hits: 0,
        cover: false,
        modifier: -2,
      }),
    ).toBe("R-ART1 shot at B-INF1: die 1 − 2 = 0, 0 hits (004 Shooting: Assess Casualties)");
    expect(
      sys.describeEvent(ctx, {
        type: "fought",
        attacker: "R-CAV1",
        defender: "B-CAV1",
        roll: 3,
        add: 2,
        factors: ["cavalry-target", "flank-or-rear"],
        hits: 5,
        side: "left",
      }),
    ).toBe(
      "R-CAV1 fought B-CAV1 (left flank): die 3 + 2 = 5, halved for a cavalry target, doubled in flank or rear, 5 hits (004 Hand-to-Hand Combat: Assess Casualties; Cavalry Targets; Flank or Rear Attacks)",
    );
    expect(
      sys.describeEvent(ctx, { type: "die-rolled", value: 5, purpose: "shooting", unit: "R-INF1" }),
    ).toBeUndefined();
  });

  it("legal actions offer charges at each reachable target, shots at each legal target, and sample moves", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "I", type: "infantry", x: 34, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
        { id: "U", type: "infantry", x: 34, y: 18, facing: 18000, side: "second" },
      ],
    });
    const offered = sys.legalActions(ctx, position);
    expect(
      offered
        .filter((a) => a.type === "charge")
        .map((a) => a.type === "charge" && a.target)
        .sort(),
    ).toEqual(["T", "U"]);
    expect(offered.filter((a) => a.type === "move" && a.unit === "I").length).toBeGreaterThan(5);
    expect(offered.at(-1)).toEqual({ type: "end-phase" });
    const shooting = sys.legalActions(ctx, { ...position, phase: "shooting" });
    expect(shooting.filter((a) => a.type === "shoot")).toEqual([
      { type: "shoot", unit: "I", target: "T" },
      { type: "shoot", unit: "I", target: "U" },
    ]);
  });
});
