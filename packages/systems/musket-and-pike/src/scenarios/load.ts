import { type DataError, type DataIssue, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import json from "./musket-and-pike.scenarios.json" with { type: "json" };
import { type Scenario, type ScenarioCatalog, ScenarioCatalogSchema } from "./schema.js";

const SOURCE = "scenarios";

/** 16.0: the First Player always uses the blue counters, the Second the green. */
const SEATS = [
  { side: "first", colour: "blue" },
  { side: "second", colour: "green" },
] as const;

/**
 * Validates a scenario catalogue: its shape (zod), then the consistency
 * section 16 demands of it that can be checked without the map.
 */
export function parseScenarioCatalog(input: unknown): Result<ScenarioCatalog, DataError> {
  const parsed = ScenarioCatalogSchema.safeParse(input);
  if (!parsed.success) return err(dataError(SOURCE, zodIssues(parsed.error)));
  const issues = catalogIssues(parsed.data);
  return issues.length > 0 ? err(dataError(SOURCE, issues)) : ok(parsed.data);
}

function catalogIssues(catalog: ScenarioCatalog): DataIssue[] {
  const issues: DataIssue[] = [];
  const ids = new Map<string, number>();
  const slugs = new Map<string, number>();
  catalog.scenarios.forEach((scenario, i) => {
    const at = `scenarios[${i}]`;
    const firstId = ids.get(scenario.id);
    if (firstId === undefined) ids.set(scenario.id, i);
    else
      issues.push({
        path: `${at}.id`,
        message: `duplicate id "${scenario.id}" (also scenarios[${firstId}])`,
      });
    const firstSlug = slugs.get(scenario.slug);
    if (firstSlug === undefined) slugs.set(scenario.slug, i);
    else {
      issues.push({
        path: `${at}.slug`,
        message: `duplicate slug "${scenario.slug}" (also scenarios[${firstSlug}])`,
      });
    }
    issues.push(...scenarioIssues(scenario, at));
  });
  return issues;
}

function scenarioIssues(scenario: Scenario, at: string): DataIssue[] {
  const issues: DataIssue[] = [];
  scenario.players.forEach((player, p) => {
    const seat = SEATS[p];
    const pAt = `${at}.players[${p}]`;
    if (seat && player.side !== seat.side) {
      issues.push({ path: `${pAt}.side`, message: `players[${p}] must be the ${seat.side} player (16.0)` });
    }
    if (seat && player.colour !== seat.colour) {
      issues.push({
        path: `${pAt}.colour`,
        message: `the ${seat.side} player uses the ${seat.colour} counters (16.0), not ${player.colour}`,
      });
    }
    const forceIds = new Set<string>();
    player.forces.forEach((force, f) => {
      const fAt = `${pAt}.forces[${f}]`;
      if (forceIds.has(force.id)) {
        issues.push({ path: `${fAt}.id`, message: `duplicate force id "${force.id}" for this player` });
      }
      forceIds.add(force.id);
      force.units.forEach((group, u) => {
        if (group.as !== undefined && group.role !== "fleet") {
          issues.push({
            path: `${fAt}.units[${u}].as`,
            message: `only fleet units (role "fleet", 16.13) may be treated as another type`,
          });
        }
      });
      const d = force.deployment;
      if (d.kind === "enter" && d.gameTurn > scenario.gameLength) {
        issues.push({
          path: `${fAt}.deployment.gameTurn`,
          message: `enters on Game-Turn ${d.gameTurn}, after the last Game-Turn (${scenario.gameLength})`,
        });
      }
    });
  });
  scenario.unitOverrides.forEach((override, o) => {
    const player = scenario.players.find((pl) => pl.side === override.side);
    const has =
      player?.forces.some((force) => force.units.some((group) => group.type === override.type)) ?? false;
    if (!has) {
      issues.push({
        path: `${at}.unitOverrides[${o}].type`,
        message: `the ${override.side} player has no ${override.type} units to override`,
      });
    }
  });
  scenario.victory.conditions.forEach(({ condition }, c) => {
    if (condition.kind !== "eliminate-all") return;
    condition.levels.forEach((level, l) => {
      const path = `${at}.victory.conditions[${c}].condition.levels[${l}].byGameTurn`;
      const previous = condition.levels[l - 1];
      if (previous && level.byGameTurn <= previous.byGameTurn) {
        issues.push({
          path,
          message: `levels must be in increasing Game-Turn order (after ${previous.byGameTurn})`,
        });
      }
      if (level.byGameTurn > scenario.gameLength) {
        issues.push({
          path,
          message: `Game-Turn ${level.byGameTurn} is after the last (${scenario.gameLength})`,
        });
      }
    });
  });
  return issues;
}

/** The built-in catalogue of section 16 (errata applied). Invalid built-in data is a programmer error. */
export function defaultScenarioCatalog(): ScenarioCatalog {
  const parsed = parseScenarioCatalog(json);
  if (!parsed.ok) throw new Error(`built-in scenario data is invalid: ${parsed.error.message}`);
  return parsed.value;
}

/** A scenario by its rule number ("16.24") or its slug ("lutzen"), case-insensitive. */
export function findScenario(catalog: ScenarioCatalog, idOrSlug: string): Scenario | undefined {
  const key = idOrSlug.trim().toLowerCase();
  return catalog.scenarios.find((s) => s.id.toLowerCase() === key || s.slug === key);
}
