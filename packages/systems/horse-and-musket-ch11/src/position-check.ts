import {
  type DataError,
  type DataIssue,
  hashOf,
  isPrngState,
  type Result,
  type ValueHasher,
} from "@tercio/core";
import { convexWithin, interiorsOverlap } from "@tercio/geometry";
import { readPosition } from "@tercio/tabletop";
import { onTable, unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import { type Position, PositionSchema, type UnitState } from "./position.js";
import type { Rules } from "./rules-data/load.js";
import { contextOf, parseSetup } from "./setup.js";

/**
 * A position's consistency with its context: the invariants every position
 * the system makes keeps (the conformance suite checks them after every
 * action), and what an untrusted position must satisfy to be parsed.
 */
export function positionIssues(ctx: Ctx, position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const limit = ctx.rules.data.hitsToEliminate;
  const ids = Object.keys(position.units).sort();
  const polys = new Map<string, ReturnType<typeof unitPolygon>>();
  for (const id of ids) {
    const u = position.units[id] as UnitState;
    const path = `units.${id}`;
    const start = [...ctx.scenario.forces.first, ...ctx.scenario.forces.second].find((s) => s.id === id);
    if (!start || ctx.sideOf[id] !== u.side || start.type !== u.type || start.frontage !== u.frontage) {
      add(path, "not a unit of the scenario (id, side, type and frontage must match)");
      continue;
    }
    if (u.depth !== ctx.rules.data.unitTypes[u.type].depth)
      add(`${path}.depth`, "not the rules data's depth for its type");
    const poly = unitPolygon(u);
    polys.set(id, poly);
    if (!onTable(ctx, poly)) add(path, "its base is not on the table");
    if (u.hits >= limit && position.phase !== "shooting")
      add(`${path}.hits`, `a unit with ${limit} hits is eliminated at the end of the player turn`);
    if (u.side !== position.toMove && u.acted !== "none")
      add(`${path}.acted`, "only the player to move has acted");
    if (u.formation === "square" && ctx.options.squares !== "on")
      add(`${path}.formation`, "squares are not in play");
    if (position.eliminated.includes(id)) add(path, "an eliminated unit is off the table");
  }
  for (let i = 0; i < ids.length; i++) {
    const a = polys.get(ids[i] as string);
    if (!a) continue;
    for (let j = i + 1; j < ids.length; j++) {
      const b = polys.get(ids[j] as string);
      if (b && interiorsOverlap(a, b)) add(`units.${ids[j]}`, `its base overlaps ${ids[i]}'s`);
    }
  }
  const attackers = new Set<string>();
  const defenders = new Set<string>();
  for (const [i, c] of position.contacts.entries()) {
    const path = `contacts[${i}]`;
    const a = position.units[c.attacker];
    const d = position.units[c.defender];
    if (!a || !d) {
      add(path, "names a unit not on the table");
      continue;
    }
    if (a.side !== position.toMove || d.side === a.side)
      add(path, "the attacker is the moving player's, the defender an enemy");
    if (!ctx.rules.data.unitTypes[a.type].canCharge) add(path, "only Cavalry enter hand-to-hand");
    if (attackers.has(c.attacker) || defenders.has(c.defender))
      add(path, "one attacker per defender, one defender per attacker");
    attackers.add(c.attacker);
    defenders.add(c.defender);
    // The charge stops within 3 ticks of the touch (the kernel's back-off).
    if (!convexWithin(unitPolygon(a), unitPolygon(d), 4))
      add(path, "the attacker's base is not in contact with the defender's");
    if (position.phase === "over") add(path, "no contacts once the game is over");
  }
  for (const id of position.eliminated)
    if (!(id in ctx.sideOf)) add("eliminated", `${id} is not a unit of the scenario`);
  if (new Set(position.eliminated).size !== position.eliminated.length)
    add("eliminated", "a unit is listed twice");
  if ((position.result !== undefined) !== (position.phase === "over"))
    add("result", "a result exactly when the phase is over");
  if (position.turn > ctx.scenario.turns) add("turn", `the scenario lasts ${ctx.scenario.turns} turns`);
  if (hashOf(position.options) !== hashOf(ctx.options))
    add("options", "not the options the game was opened with");
  if (!isPrngState(position.prng)) add("prng", "not a PRNG state");
  if (position.rules.hash !== ctx.rules.hash)
    add("rules.hash", "positions are played under the rules data they record");
  return issues;
}

export function positionHash(position: Position, hasher?: ValueHasher): string {
  return hashOf(position, hasher);
}

/** An untrusted position: its shape, its rules data, its scenario and options, then its invariants. */
export function parsePosition(
  rules: Rules,
  raw: unknown,
): Result<{ ctx: Ctx; position: Position }, DataError> {
  return readPosition(
    {
      schema: PositionSchema,
      rulesHash: rules.hash,
      contextOf: (position) => {
        const { units, tableSeed, ...readings } = position.options;
        const options = {
          ...readings,
          ...(units !== undefined ? { units } : {}),
          ...(tableSeed !== undefined ? { tableSeed } : {}),
        };
        const setup = parseSetup(rules, { scenario: position.scenario, options });
        return setup.ok ? contextOf(rules, setup.value) : setup;
      },
      issues: positionIssues,
    },
    raw,
  );
}
