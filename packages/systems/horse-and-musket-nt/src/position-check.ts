import {
  type DataError,
  type DataIssue,
  dataError,
  err,
  hashOf,
  isPrngState,
  type Result,
  type ValueHasher,
} from "@tercio/core";
import { convexWithin, interiorsOverlap, type Point } from "@tercio/geometry";
import { readPosition } from "@tercio/tabletop";
import { unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import { offTable } from "./movement/obstacles.js";
import { type Position, PositionSchema, type UnitState } from "./position.js";
import type { Rules } from "./rules-data/load.js";
import { contextOf, parseSetup } from "./setup.js";
import { entirelyWithin } from "./terrain.js";
import { removedAt, typeRules } from "./unit-class.js";

/** What a unit has done that its rolled Dx measured (1.2). */
const ROLLED: readonly UnitState["acted"][] = ["rolled", "moved", "charged", "fell-back"];

/**
 * A position's consistency with its context: the invariants every position
 * the system makes keeps (the conformance suite checks them after every
 * action), and what an untrusted position must satisfy to be parsed.
 */
export function positionIssues(ctx: Ctx, position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const ids = Object.keys(position.units).sort();
  const polys = new Map<string, Point[]>();
  const setups = new Map([...ctx.scenario.forces.first, ...ctx.scenario.forces.second].map((u) => [u.id, u]));
  for (const id of ids) {
    const u = position.units[id] as UnitState;
    const path = `units.${id}`;
    const start = setups.get(id);
    if (!start || ctx.sideOf[id] !== u.side || start.type !== u.type) {
      add(path, "not a unit of the scenario (id, side and type must match)");
      continue;
    }
    const poly = unitPolygon(ctx, u);
    polys.set(id, poly);
    if (offTable(ctx, poly)) add(path, "its base is not on the table");
    if (u.hits >= removedAt(ctx, id))
      add(`${path}.hits`, `a unit with ${removedAt(ctx, id)} hits is removed at once`);
    if (u.side !== position.toMove && (u.acted !== "none" || u.roll !== 0))
      add(`${path}.acted`, "only the acting player's units have acted");
    if (ROLLED.includes(u.acted) !== (u.roll !== 0))
      add(`${path}.roll`, "a unit has a Dx exactly when its move was rolled");
    if (!ctx.die.faces.includes(u.roll) && u.roll !== 0)
      add(`${path}.roll`, `not a face of the ${ctx.die.name}`);
    if (u.formation === "skirmish" && !(u.type === "infantry" && ctx.options.acw === "on"))
      add(`${path}.formation`, "skirmish order is for infantry under the ACW modifications");
    if (u.outOfAmmunition && ctx.options.ammunition !== "on")
      add(`${path}.outOfAmmunition`, "ammunition supply is not in play");
    if (u.holds !== undefined) {
      const town = ctx.areas.find((a) => a.id === u.holds && a.kind === "town");
      if (!town) add(`${path}.holds`, `no town ${u.holds}`);
      else if (!typeRules(ctx, u).enters.includes("town"))
        add(`${path}.holds`, "only Skirmishers and Infantry hold a town");
      else if (!entirelyWithin(ctx, u, town))
        add(`${path}.holds`, "a holder stands entirely within its town");
      if (ids.some((o) => o !== id && position.units[o]?.holds === u.holds))
        add(`${path}.holds`, "one Unit holds a town");
    }
    if (position.removed.includes(id)) add(path, "a removed unit is off the table");
  }
  for (let i = 0; i < ids.length; i++) {
    const a = polys.get(ids[i] as string);
    if (!a) continue;
    for (let j = i + 1; j < ids.length; j++) {
      const b = polys.get(ids[j] as string);
      if (b && interiorsOverlap(a, b)) add(`units.${ids[j]}`, `its base overlaps ${ids[i]}'s`);
    }
  }
  const sides = new Set<string>();
  for (const [i, c] of position.contacts.entries()) {
    const path = `contacts[${i}]`;
    const a = position.units[c.attacker];
    const d = position.units[c.defender];
    if (!a) {
      add(path, "names an attacker not on the table");
      continue;
    }
    if (a.side !== position.toMove || a.acted !== "charged")
      add(path, "the attacker is the acting player's, and charged");
    if (position.phase !== "actions") add(path, "contacts are fought in the Melee, as Actions end");
    const key = `${c.defender}:${c.side}`;
    if (sides.has(key)) add(path, "only one Cavalry Unit per Side");
    sides.add(key);
    if (position.contacts.filter((o) => o.attacker === c.attacker).length > 1)
      add(path, "a charger contacts one target");
    // A defender removed by fire after the charge leaves its charger standing in the Melee.
    if (d && d.side === a.side) add(path, "the defender is an enemy");
    if (d && !convexWithin(unitPolygon(ctx, a), unitPolygon(ctx, d), 4))
      add(path, "the attacker's base is not in contact with the defender's");
  }
  for (const id of position.removed)
    if (!(id in ctx.sideOf)) add("removed", `${id} is not a unit of the scenario`);
  if (new Set(position.removed).size !== position.removed.length) add("removed", "a unit is listed twice");
  for (const id of Object.keys(ctx.sideOf))
    if (!(id in position.units) && !position.removed.includes(id))
      add("units", `${id} is neither on the table nor removed`);
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
        const { units, tableSeed, ...chosen } = position.options;
        const options = {
          ...chosen,
          ...(units !== undefined ? { units } : {}),
          ...(tableSeed !== undefined ? { tableSeed } : {}),
        };
        let setup: ReturnType<typeof parseSetup>;
        try {
          setup = parseSetup(rules, { scenario: position.scenario, options });
        } catch (e) {
          return err(dataError("position", [{ path: "options", message: String(e) }]));
        }
        return setup.ok ? contextOf(rules, setup.value) : setup;
      },
      issues: positionIssues,
    },
    raw,
  );
}
