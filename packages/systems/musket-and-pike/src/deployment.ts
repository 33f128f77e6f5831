import { err, ok, type Result } from "@tercio/core";
import type { Action } from "./actions.js";
import { type GameContext, playerOf, zoneKey } from "./context.js";
import { occupy } from "./control.js";
import type { GameEvent } from "./events.js";
import { distance, idOf, indexOfId } from "./hex/grid.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { halfCostToEnter, PROHIBITED } from "./rules-data/rules-context.js";
import type { Deployment, Force } from "./scenarios/schema.js";
import type { ForceZone } from "./scenarios/zones.js";
import type { Step } from "./sequence.js";
import { stackingLimit } from "./stacking.js";
import type { Position, UnitId, UnitRecord } from "./state/position.js";
import { hexOfUnit, occupant, withoutUnit, withStacks } from "./state/stacks.js";
import { unitStats } from "./state/unit-stats.js";
import { otherSide, type Side, TERRAINS, type Terrain } from "./vocabulary.js";

/** The deployment as printed, for messages: "within 5 hexes of hex 11". */
export function describeDeployment(d: Deployment): string {
  switch (d.kind) {
    case "within":
      return `within ${d.hexes} hexes of hex ${d.of}`;
    case "within-any":
      return `within ${d.hexes} hexes of hex ${d.of.join(" or ")}`;
    case "within-road":
      return `within ${d.hexes} hexes of the road from hex ${d.from} to hex ${d.to}`;
    case "within-row":
      return `within ${d.hexes} hexes of the row of hexes from hex ${d.from} to hex ${d.to}`;
    case "region":
      return `in the ${d.region.replaceAll("-", " ")}`;
    case "enter":
      return `entering on the ${d.edge} edge on Game-Turn ${d.gameTurn}, within ${d.near.hexes} hexes of hex ${d.near.of}`;
  }
}

/** Why a unit may not stand in a hex at all (terrain, 16.13's water), or undefined when it may. */
export function groundError(
  ctx: GameContext,
  id: UnitId,
  unit: UnitRecord,
  h: number,
): RuleError | undefined {
  const hex = idOf(ctx.map.grid, h);
  const fleet = unit.role === "fleet";
  if (ctx.fleetWater && (ctx.fleetWater[h] === 1) !== fleet) {
    return ruleError(
      "deploy/water",
      "16.13",
      fleet
        ? `the fleet stays in the stream and the sea, not ${hex}`
        : `no unit but the fleet may be in the stream or the sea (${hex})`,
      { unit: id, hex },
    );
  }
  if (fleet) return undefined;
  const terrain = TERRAINS[ctx.terrain[h] as number] as Terrain;
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  // 5.3: the road takes precedence over the other terrain of its hex.
  if (
    halfCostToEnter(ctx.rules, terrain, stats.class) === PROHIBITED &&
    (ctx.map.roadMask[h] as number) === 0
  ) {
    return ruleError("deploy/terrain", "9.0", `${stats.class} may not stand in ${terrain} (${hex})`, {
      unit: id,
      hex,
    });
  }
  return undefined;
}

/** 16.0: set a unit up in its force's zone during its player's deployment. */
export function applyDeploy(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  hex: string,
  limbered: boolean | undefined,
): Result<Step, RuleError> {
  const unit = position.units[id];
  const about = { unit: id, hex };
  if (!unit) return err(ruleError("action/unknown-unit", "3.3", `there is no unit ${id}`, about));
  if (position.phase !== "deployment")
    return err(ruleError("deploy/not-now", "16.0", "deployment is over", about));
  if (unit.side !== position.phasing) {
    return err(
      ruleError(
        "deploy/not-your-turn",
        "16.0",
        `the ${position.phasing} player deploys now; ${id} is not his`,
        about,
      ),
    );
  }
  const status = position.offMap[id];
  if (status !== undefined && status !== "undeployed") {
    return err(
      ruleError("deploy/not-deployable", "16.0", `${id} is ${status}, not deployed by placement`, about),
    );
  }
  // Parse gives every unit a force of its side; a unit still to set up, or set up already, belongs
  // to a force that deploys (the others wait at an edge, "awaiting-entry", refused above).
  const force = playerOf(ctx, unit.side).forces.find((f) => f.id === unit.force) as Force;
  const zone = ctx.zones.get(zoneKey(unit.side, unit.force)) as ForceZone;
  const h = indexOfId(ctx.map.grid, hex);
  if (!zone.hexes.includes(h)) {
    return err(
      ruleError(
        "deploy/outside-zone",
        ctx.scenario.id,
        `${id} deploys ${describeDeployment(force.deployment)}; ${hex} is not`,
        about,
      ),
    );
  }
  if (occupant(position, hex) === otherSide(unit.side))
    return err(ruleError("deploy/enemy-hex", "5.2F", `hex ${hex} holds enemy units`, about));
  const ground = groundError(ctx, id, unit, h);
  if (ground) return err(ground);
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  const canLimber = stats.class === "artillery" && stats.movement > 0 && unit.role !== "fleet";
  if (limbered && !canLimber) {
    return err(
      ruleError(
        "deploy/limber",
        "5.4L",
        `${id} is never limbered${stats.movement === 0 ? " (no Movement Allowance)" : ""}`,
        about,
      ),
    );
  }
  // Moving a unit within the zone while deploying takes it out of its hex first.
  const others = withoutUnit(position.stacks, id);
  const stacks = withStacks(others, { [hex]: [id, ...(others[hex] ?? [])] });
  const { [id]: _placed, ...offMap } = position.offMap;
  const next: Position = {
    ...position,
    units: { ...position.units, [id]: { ...unit, limbered: limbered ?? false } },
    stacks,
    offMap,
  };
  const occupied = occupy(ctx, next, h, unit.side);
  const events: GameEvent[] = [{ type: "unit-deployed", unit: id, hex }, ...occupied.events];
  return ok({ position: { ...next, control: occupied.control }, events });
}

/** Takes a unit set up this deployment back off the map. */
export function applyUndeploy(position: Position, id: UnitId): Result<Step, RuleError> {
  const unit = position.units[id];
  const hex = hexOfUnit(position, id);
  if (!unit || position.phase !== "deployment" || unit.side !== position.phasing || !hex) {
    return err(
      ruleError("deploy/undeploy", "16.0", `${id} is not a unit the deploying player has placed`, {
        unit: id,
      }),
    );
  }
  return ok({
    position: {
      ...position,
      stacks: withoutUnit(position.stacks, id),
      offMap: { ...position.offMap, [id]: "undeployed" },
    },
    events: [{ type: "unit-undeployed", unit: id }],
  });
}

/**
 * The hexes of a force's deployment zone, nearest the enemy's zones first
 * (then by hex): the order autoDeploy fills them in. It depends on the
 * scenario alone, and autoDeploy is asked once per unit set up, so it is
 * worked out once per game context.
 */
function frontFirst(ctx: GameContext, side: Side, force: string, zone: readonly number[]): readonly number[] {
  let orders = deploymentOrders.get(ctx);
  if (!orders) {
    orders = new Map();
    deploymentOrders.set(ctx, orders);
  }
  const key = zoneKey(side, force);
  let ordered = orders.get(key);
  if (!ordered) {
    const enemy = otherSide(side);
    // Every force has a zone (context.ts).
    const enemyHexes = playerOf(ctx, enemy).forces.flatMap(
      (f) => (ctx.zones.get(zoneKey(enemy, f.id)) as ForceZone).hexes,
    );
    const distances = new Map(
      zone.map((h) => [h, Math.min(...enemyHexes.map((e) => distance(ctx.map.grid, h, e)))]),
    );
    // The zone's hexes come in map order and the sort is stable: hexes as near stay in map order.
    ordered = [...zone].sort((a, b) => (distances.get(a) as number) - (distances.get(b) as number));
    orders.set(key, ordered);
  }
  return ordered;
}

const deploymentOrders = new WeakMap<GameContext, Map<string, readonly number[]>>();

/**
 * A deterministic set-up for the deploying player's remaining units: the
 * rows a scenario requires first (16.37), then hexes nearest the enemy,
 * filled to the stacking limit. Infantry goes forward, then artillery, then
 * cavalry. A helper for players and tests, not an opponent's judgement.
 */
export function autoDeploy(ctx: GameContext, position: Position): Action[] {
  // Units are still to set up ("undeployed") only during deployment (parse): outside it, nothing to do.
  const side = position.phasing;
  const limit = stackingLimit(ctx, side);
  const count = new Map<number, number>();
  for (const [hex, ids] of Object.entries(position.stacks))
    count.set(indexOfId(ctx.map.grid, hex), ids.length);
  const classRank = { infantry: 0, artillery: 1, cavalry: 2 } as const;
  // Parse gives units still to set up only to forces that deploy.
  const pending = Object.entries(position.offMap)
    .filter(([, s]) => s === "undeployed")
    .map(([id]) => ({ id, unit: position.units[id] as UnitRecord }))
    .filter((u) => u.unit.side === side)
    .map((u) => ({ ...u, stats: unitStats(ctx.rules, ctx.scenario, u.unit) }))
    .sort(
      (a, b) =>
        classRank[a.stats.class] - classRank[b.stats.class] ||
        b.stats.melee - a.stats.melee ||
        (a.id < b.id ? -1 : 1),
    );
  const actions: Action[] = [];
  const byForce = new Map<string, typeof pending>();
  for (const u of pending) byForce.set(u.unit.force, [...(byForce.get(u.unit.force) ?? []), u]);
  for (const [force, units] of byForce) {
    const zone = ctx.zones.get(zoneKey(side, force)) as Extract<ForceZone, { kind: "deploy" }>;
    const targets = [
      ...zone.mustOccupy.filter((h) => !count.get(h)),
      ...frontFirst(ctx, side, force, zone.hexes),
    ];
    for (const u of units) {
      const h = targets.find(
        (t) =>
          (count.get(t) ?? 0) < limit &&
          groundError(ctx, u.id, u.unit, t) === undefined &&
          occupant(position, idOf(ctx.map.grid, t)) !== otherSide(side),
      );
      if (h === undefined) continue;
      count.set(h, (count.get(h) ?? 0) + 1);
      actions.push({ type: "deploy", unit: u.id, hex: idOf(ctx.map.grid, h) });
    }
  }
  return actions;
}
