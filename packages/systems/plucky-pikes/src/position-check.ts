import {
  type DataError,
  type DataIssue,
  hashOf,
  isPrngState,
  type Result,
  type ValueHasher,
} from "@tercio/core";
import { interiorsOverlap, type Point, withinDistance } from "@tercio/geometry";
import { readPosition } from "@tercio/tabletop";
import type { Ctx } from "./context.js";
import { effectivenessOf } from "./effectiveness.js";
import { traitsOf, unitPolygon } from "./footprint.js";
import { formationsOf } from "./formations.js";
import { type Position, PositionSchema, type UnitState } from "./position.js";
import type { Rules } from "./rules-data/load.js";
import { contextOf, parseSetup } from "./setup.js";
import { insideTable } from "./table.js";

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
  for (const id of ids) {
    const u = position.units[id] as UnitState;
    const path = `units.${id}`;
    const t = ctx.units[id];
    if (!t || t.side !== u.side) {
      add(path, "not a unit of the scenario (its id and side must match)");
      continue;
    }
    if (u.dismounted && t.missile !== "horse-bow") add(`${path}.dismounted`, "only horse archers dismount");
    const orders = formationsOf(traitsOf(ctx, id, u));
    if (!orders.includes(u.formation))
      add(`${path}.formation`, `${t.arm} do not stand in ${u.formation} order`);
    if (u.strength > t.strength) add(`${path}.strength`, `more than its original ${t.strength}`);
    if (u.formedWith > t.strength || u.formedWith < 1)
      add(`${path}.formedWith`, `between 1 and ${t.strength}`);
    if (u.gone === undefined && u.strength === 0)
      add(`${path}.strength`, "a unit with no figures has left the table");
    if (
      u.strength <= t.strength &&
      u.level !== effectivenessOf(ctx.rules.data, t.strength, u.strength) &&
      u.gone === undefined
    )
      add(`${path}.level`, "not the level its figures give");
    const leaders = t.brigade ? ctx.rules.data.leadership.brigadeLeaders : ctx.rules.data.leadership.leaders;
    if (u.leadersLost > leaders) add(`${path}.leadersLost`, `it has ${leaders} leaders`);
    teamIssues(ctx, id, u, add);
    if (u.gone !== undefined) continue;
    const poly = unitPolygon(ctx, id, u);
    polys.set(id, poly);
    if (!insideTable(ctx, poly)) add(path, "its footprint is not on the table");
  }
  for (const id of Object.keys(ctx.units)) if (!(id in position.units)) add("units", `${id} is missing`);
  for (let i = 0; i < ids.length; i++) {
    const a = polys.get(ids[i] as string);
    if (!a) continue;
    for (let j = i + 1; j < ids.length; j++) {
      const b = polys.get(ids[j] as string);
      if (b && interiorsOverlap(a, b)) add(`units.${ids[j]}`, `its footprint overlaps ${ids[i]}'s`);
    }
  }
  for (const [id, o] of Object.entries(position.officers)) {
    const t = ctx.officers[id];
    if (!t || t.side !== o.side) add(`officers.${id}`, "not an officer of the scenario");
    if (o.with !== undefined && position.units[o.with]?.side !== o.side)
      add(`officers.${id}.with`, "an officer stands with a unit of his side");
  }
  const inMelee = new Set<string>();
  for (const [i, m] of position.melees.entries()) {
    for (const id of [...m.attackers, ...m.defenders]) {
      const u = position.units[id];
      if (!u || u.gone) add(`melees[${i}]`, `${id} is not on the table`);
      if (inMelee.has(id)) add(`melees[${i}]`, `${id} fights in two melees`);
      inMelee.add(id);
    }
    const sideA = position.units[m.attackers[0] as string]?.side;
    if (
      m.attackers.some((id) => position.units[id]?.side !== sideA) ||
      m.defenders.some((id) => position.units[id]?.side === sideA)
    )
      add(`melees[${i}]`, "attackers on one side, defenders on the other");
  }
  for (const id of Object.keys(position.buildings))
    if (!ctx.areas.some((a) => a.id === id && a.kind === "building"))
      add(`buildings.${id}`, "no such building");
  if (position.reaction) {
    const r = position.reaction;
    if (!position.melees.some((m) => m.id === r.melee && m.defenders.includes(r.unit)))
      add("reaction", "a counter roll belongs to a defender of a melee");
    if (position.units[r.unit]?.side !== position.toMove) add("reaction", "its owner answers it");
  }
  if ((position.result !== undefined) !== (position.part === "over"))
    add("result", "a result exactly when the game is over");
  if (position.turn > ctx.scenario.turns) add("turn", `the scenario lasts ${ctx.scenario.turns} turns`);
  if (hashOf(position.options) !== hashOf(ctx.options))
    add("options", "not the options the game was opened with");
  if (!isPrngState(position.prng)) add("prng", "not a PRNG state");
  if (position.rules.hash !== ctx.rules.hash)
    add("rules.hash", "positions are played under the rules data they record");
  return issues;
}

/** Artillery: every gun has its team, on the stand while limbered, placed within 6" once unlimbered. */
function teamIssues(ctx: Ctx, id: string, u: UnitState, add: (path: string, message: string) => void): void {
  const t = ctx.units[id];
  const path = `units.${id}.team`;
  if (t?.arm !== "guns" || !t.gun) {
    if (u.team) add(path, "only guns have horse teams");
    return;
  }
  if (!u.team) {
    add(path, "a gun has its horse team (on the stand, or lost with 0 points)");
    return;
  }
  const most = ctx.rules.data.artillery.teamPoints[t.gun];
  if (u.team.points > most) add(`${path}.points`, `more than its ${most}`);
  const at = u.team.at;
  if (!at) {
    if (u.formation === "unlimbered" && u.team.points > 0 && u.gone === undefined)
      add(`${path}.at`, "an unlimbered gun's team stands on the table");
    return;
  }
  if (u.formation !== "unlimbered") add(`${path}.at`, "a limbered gun's team is on its stand");
  if (u.team.points === 0) add(`${path}.at`, "a lost team is off the table");
  if (!withinDistance(at, { x: u.x, y: u.y }, ctx.rules.data.artillery.teamsWithin))
    add(`${path}.at`, 'a team stands within 6" of its gun');
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
        const setup = parseSetup({ scenario: position.scenario, options: position.options });
        return setup.ok ? contextOf(rules, setup.value) : setup;
      },
      issues: positionIssues,
    },
    raw,
  );
}
