import {
  type GameContext,
  hasRoad,
  indexOfId,
  type Position,
  terrainOf,
  type UnitRecord,
  unitStats,
} from "@tercio/musket-and-pike";
import { playerName, TERRAIN_NAME } from "@tercio/render";

/** A unit in words: "B-PP01 Pike (3)-3, disrupted, limbered". */
export function describeUnit(ctx: GameContext, id: string, unit: UnitRecord): string {
  const s = unitStats(ctx.rules, ctx.scenario, unit);
  const name = ctx.rules.data.unitTypes[s.type].name;
  const melee = s.meleeParenthesised ? `(${s.melee})` : String(s.melee);
  const values =
    s.fire === null
      ? `melee ${melee}, move ${s.movement}`
      : `fire ${s.fire}, range ${s.range}, melee ${melee}, move ${s.movement}`;
  const marks = [
    unit.disrupted ? "disrupted" : "",
    unit.limbered ? "limbered" : "",
    unit.roadMode ? "in road mode" : "",
    unit.dismounted ? "dismounted" : "",
    unit.role === "fleet" ? "fleet" : "",
  ].filter((m) => m !== "");
  return `${id} ${name} (${s.type}), ${values}${marks.length ? `, ${marks.join(", ")}` : ""}`;
}

/**
 * What a screen reader announces as the cursor enters a hex: its id, key
 * number, terrain, roads, and the units in it top first with their owners.
 */
export function describeHex(ctx: GameContext, position: Position, hex: string): string {
  const h = indexOfId(ctx.map.grid, hex);
  if (h < 0) return `${hex}: off the map`;
  const parts = [`Hex ${hex}`];
  for (const [n, k] of ctx.map.keyHexes) if (k === h) parts.push(`key hex ${n}`);
  if (ctx.victoryHexes[h] === 1) {
    const holder = position.control[hex];
    parts.push(holder ? `victory hex held by the ${playerName(ctx.scenario, holder)}` : "victory hex");
  }
  parts.push(TERRAIN_NAME[terrainOf(ctx, h)].toLowerCase());
  if (hasRoad(ctx.map, h)) parts.push("road");
  const ids = position.stacks[hex] ?? [];
  if (ids.length === 0) parts.push("no units");
  else {
    const first = position.units[ids[0] ?? ""];
    const owner = first ? playerName(ctx.scenario, first.side) : "";
    const square = position.squares.includes(hex) ? " in square" : "";
    parts.push(
      `${ids.length} ${owner} unit${ids.length > 1 ? "s" : ""}${square}, top first: ${ids
        .map((id) => {
          const u = position.units[id];
          return u ? describeUnit(ctx, id, u) : id;
        })
        .join("; ")}`,
    );
  }
  return `${parts.join(", ")}.`;
}

/**
 * 9.0: what the hex's terrain does, from the rules data in force: the cost
 * to enter by class, the Fire Protection Strength, defence doubled, cavalry
 * halved, line of sight. "Woods: infantry 1 MP, cavalry 3 MP, artillery may
 * not enter; fire protection 6; melee defence doubled; blocks line of sight."
 */
export function terrainEffects(ctx: GameContext, hex: string): string {
  const h = indexOfId(ctx.map.grid, hex);
  if (h < 0) return "";
  const t = ctx.rules.data.terrain[terrainOf(ctx, h)];
  if (!t) return "";
  const cost = (c: number | "prohibited") => (c === "prohibited" ? "may not enter" : `${c} MP`);
  const parts = [
    `infantry ${cost(t.movement.infantry)}, cavalry ${cost(t.movement.cavalry)}, artillery ${cost(t.movement.artillery)}`,
    `fire protection ${t.fireProtection}`,
    ...(t.meleeDefenceDoubled ? ["melee defence doubled"] : []),
    ...(t.cavalryAttackHalved ? ["cavalry attacking it halved"] : []),
    ...(t.blocksLineOfSight ? ["blocks line of sight"] : []),
    ...(hasRoad(ctx.map, h) ? ["road (5.3K)"] : []),
  ];
  return `${t.name}: ${parts.join("; ")}${t.reconstructed.length > 0 ? " (values reconstructed)" : ""}.`;
}
