import {
  type Action,
  apply,
  type GameContext,
  gameContext,
  type Position,
  replay,
} from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { savedGameUntil } from "../../../e2e/fixtures.js";
import { assessPending, planAllocation, stackFighters, targetsOf } from "./allocation.js";
import { type ClickState, clickOn } from "./click.js";
import { optionsOf } from "./interaction.js";
import { catalog } from "./test-support.js";

const NONE: ClickState = { unlimber: false, roadMode: false };

/** Infantry, cavalry or artillery (6.4K's "basic type"). */
const classOf = (ctx: GameContext, p: Position, u: string) => {
  const type = p.units[u]?.type;
  return type ? ctx.rules.data.unitTypes[type].class : undefined;
};

/**
 * A hex of the Phasing Player's whose two top units may both allocate against
 * one hex alone, in this phase; `mixed` asks for units of two basic types.
 */
function sharedTarget(
  ctx: GameContext,
  p: Position,
  legal: readonly Action[],
  kind: "fire" | "attack",
  mixed = false,
): { hex: string; units: string[]; target: string } | undefined {
  if (p.decision || p.attacks.length > 0) return undefined;
  for (const [hex, ids] of Object.entries(p.stacks)) {
    if (p.units[ids[0] ?? ""]?.side !== p.phasing) continue;
    const [a, b] = ids;
    const single = (u: string | undefined) =>
      new Set(
        legal.flatMap((x) =>
          x.type === kind && x.unit === u && targetsOf(x).length === 1 ? [targetsOf(x)[0] ?? ""] : [],
        ),
      );
    const both = [...single(a)].filter((t) => single(b).has(t));
    const differ = a && b && classOf(ctx, p, a) !== classOf(ctx, p, b);
    if (a && b && both[0] && differ === mixed) return { hex, units: [a, b], target: both[0] };
  }
  return undefined;
}

function at(scenario: string, seed: number, kind: "fire" | "attack", mixed = false) {
  const ctx0 = gameContext(catalog, scenario);
  if (!ctx0.ok) throw new Error(ctx0.error.message);
  const save = savedGameUntil(
    scenario,
    seed,
    (p, legal) => sharedTarget(ctx0.value, p, legal, kind, mixed) !== undefined,
  );
  const r = replay(catalog, save);
  if (!r.ok) throw new Error(r.error.message);
  const { ctx, final } = r.value;
  const shared = sharedTarget(ctx, final, optionsOf(ctx, final).all, kind, mixed);
  if (!shared) throw new Error("no shared target");
  return { ctx, position: final, options: optionsOf(ctx, final), ...shared };
}

describe("allocating a group to one attack", { timeout: 60_000 }, () => {
  it("[7.1A][7.2D] a stack's two fire units: a second click on the stack takes both, a click on the target weighs their combined fire, a third allocates", () => {
    const { ctx, position, options, hex, units, target } = at("16.21", 1, "fire");
    expect(stackFighters(position, options, hex)).toEqual(units);
    const first = clickOn(ctx, position, options, NONE, hex);
    expect(first).toEqual({ kind: "select", unit: units[0] });
    const second = clickOn(ctx, position, options, { ...NONE, selectedUnit: units[0] }, hex);
    expect(second).toEqual({ kind: "group", units });
    const weigh = clickOn(ctx, position, options, { ...NONE, selectedUnit: units[0], group: units }, target);
    if (weigh.kind !== "consider") throw new Error(weigh.kind);
    expect(weigh.pending.actions).toEqual(units.map((unit) => ({ type: "fire", unit, target })));
    // 7.2D: the preview is one attack of both units' strengths.
    const odds = assessPending(ctx, position, weigh.pending);
    if (typeof odds !== "object") throw new Error(String(odds));
    const alone = assessPending(ctx, position, { actions: weigh.pending.actions.slice(0, 1), refused: [] });
    if (typeof alone !== "object") throw new Error(String(alone));
    expect(odds.attack).toBeGreaterThan(alone.attack);
    const commit = clickOn(
      ctx,
      position,
      options,
      { ...NONE, selectedUnit: units[0], group: units, pending: weigh.pending },
      target,
    );
    expect(commit).toEqual({ kind: "commit" });
    // The plan is the engine's own: each allocation legal in turn, both in one attack.
    let p = position;
    for (const a of weigh.pending.actions) {
      const r = apply(ctx, p, a);
      if (!r.ok) throw new Error(r.error.message);
      p = r.value.position;
    }
    expect(p.attacks.map((a) => [a.kind, a.targets, a.attackers])).toEqual([["fire", [target], units]]);
  });

  it("[7.3F] a unit already allocated is left out of a group's allocation with the engine's reason", () => {
    const { ctx, position, options, units, target } = at("16.21", 1, "fire");
    const [a] = units;
    const r = apply(ctx, position, { type: "fire", unit: a ?? "", target });
    if (!r.ok) throw new Error(r.error.message);
    const plan = planAllocation(ctx, r.value.position, options, units, target);
    expect(plan.actions.map((x) => (x.type === "fire" ? x.unit : ""))).toEqual([units[1]]);
    expect(plan.refused.map((x) => x.unit)).toEqual([a]);
    expect(plan.refused[0]?.message).toMatch(/^7\.3\(F\): /);
  });

  it("[6.1A][6.2C] melee: a stack's two units of one type declared against one hex together, in one attack", () => {
    const { ctx, position, options, units, target } = at("16.21", 1, "attack");
    const plan = planAllocation(ctx, position, options, units, target);
    expect(plan.refused).toEqual([]);
    expect(plan.actions).toEqual(units.map((unit) => ({ type: "attack", unit, targets: [target] })));
    expect(typeof assessPending(ctx, position, plan)).toBe("object");
  });

  it("[6.4K] infantry and cavalry of one stack against one hex: the second is left out, with the rule", () => {
    const { ctx, position, options, units, target } = at("16.21", 1, "attack", true);
    const plan = planAllocation(ctx, position, options, units, target);
    expect(plan.actions).toEqual([{ type: "attack", unit: units[0], targets: [target] }]);
    expect(plan.refused.map((r) => r.unit)).toEqual([units[1]]);
    expect(plan.refused[0]?.message).toMatch(/^6\.4\(K\): /);
  });

  it("[7.1C] a group's click on a hex none of it may fire at is refused with the engine's reason", () => {
    const { ctx, position, options, units } = at("16.21", 1, "fire");
    const far = ctx.map.grid.ids.find((h) => !position.stacks[h]) ?? "";
    const r = clickOn(ctx, position, options, { ...NONE, selectedUnit: units[0], group: units }, far);
    expect(r.kind).toBe("refuse");
    expect(r.kind === "refuse" && r.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
  });
});
