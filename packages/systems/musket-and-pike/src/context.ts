import type { DataError } from "@tercio/core";
import { err, ok, type Result } from "@tercio/core";
import { defaultMap, loadMap } from "./map/load.js";
import type { MapContext } from "./map/map-context.js";
import { region } from "./map/map-context.js";
import { defaultRules, loadRules } from "./rules-data/load.js";
import type { RulesContext } from "./rules-data/rules-context.js";
import { defaultScenarioCatalog, findScenario } from "./scenarios/load.js";
import type { Scenario, ScenarioCatalog } from "./scenarios/schema.js";
import { exitHexes, type ForceZone, forceZone, victoryHexes } from "./scenarios/zones.js";
import { type BySide, SIDES, type Side, TERRAINS } from "./vocabulary.js";

/** Everything a game is played against: the rules data, the map and the scenarios. */
export interface Catalog {
  readonly rules: RulesContext;
  readonly map: MapContext;
  readonly scenarios: ScenarioCatalog;
}

/**
 * One scenario compiled for play. Built once per game and passed to every
 * rule function beside the position, as chessops passes its context: the
 * position stays plain data, the tables stay out of it.
 */
export interface GameContext extends Catalog {
  readonly scenario: Scenario;
  /** TERRAINS index of each hex as this scenario sees it (16.13: the North Sea). */
  readonly terrain: Uint8Array;
  /** Zones of each force, keyed "first/main", "second/b". */
  readonly zones: ReadonlyMap<string, ForceZone>;
  /** Hexes whose control is tracked for victory (16.0), as a set. */
  readonly victoryHexes: Uint8Array;
  /** 16.22: hexes each side may exit the map from (empty when it may not). */
  readonly exitHexes: BySide<Uint8Array>;
  /** 16.13: the stream and sea hexes, confined to the fleet (1 = fleet water). */
  readonly fleetWater: Uint8Array | null;
}

/** The built-in catalog: printed rules data with Tercio's reconstructions, the composite map, the 18 scenarios. */
export function defaultCatalog(): Catalog {
  return { rules: defaultRules(), map: defaultMap(), scenarios: defaultScenarioCatalog() };
}

/** A catalog with a user's own rules-data file (e.g. values from a printed copy). */
export function catalogWithRules(rulesJson: unknown, mapJson?: unknown): Result<Catalog, DataError> {
  const rules = loadRules(rulesJson);
  if (!rules.ok) return rules;
  const map = mapJson === undefined ? ok(defaultMap()) : loadMap(mapJson);
  if (!map.ok) return map;
  return ok({ rules: rules.value, map: map.value, scenarios: defaultScenarioCatalog() });
}

export function zoneKey(side: Side, force: string): string {
  return `${side}/${force}`;
}

export function gameContext(catalog: Catalog, scenarioId: string): Result<GameContext, { message: string }> {
  const scenario = findScenario(catalog.scenarios, scenarioId);
  if (!scenario)
    return err({
      message: `no scenario "${scenarioId}" (try a rule number such as 16.24 or a name such as lutzen)`,
    });
  const { map } = catalog;
  const terrain = Uint8Array.from(map.terrain);
  let fleetWater: Uint8Array | null = null;
  if (scenario.specialRules.includes("nieuport-fleet")) {
    // 16.13 with errata: west of the stream is the North Sea; stream and sea belong to the fleet alone.
    const sea = region(map, "north-sea");
    const stream = TERRAINS.indexOf("stream");
    fleetWater = new Uint8Array(map.grid.size);
    for (let h = 0; h < map.grid.size; h++) {
      if (sea[h] === 1) terrain[h] = TERRAINS.indexOf("sea");
      if (sea[h] === 1 || map.terrain[h] === stream) fleetWater[h] = 1;
    }
  }
  const zones = new Map<string, ForceZone>();
  for (const player of scenario.players) {
    for (const force of player.forces)
      zones.set(zoneKey(player.side, force.id), forceZone(map, force.deployment));
  }
  const victory = new Uint8Array(map.grid.size);
  for (const h of victoryHexes(map, scenario)) victory[h] = 1;
  const exits = Object.fromEntries(
    SIDES.map((side) => {
      const set = new Uint8Array(map.grid.size);
      for (const h of exitHexes(map, scenario, side)) set[h] = 1;
      return [side, set];
    }),
  ) as unknown as BySide<Uint8Array>;
  return ok({ ...catalog, scenario, terrain, zones, victoryHexes: victory, exitHexes: exits, fleetWater });
}

export function playerOf(ctx: GameContext, side: Side) {
  const p = ctx.scenario.players.find((pl) => pl.side === side);
  if (!p) throw new Error(`scenario ${ctx.scenario.id} has no ${side} player`);
  return p;
}
