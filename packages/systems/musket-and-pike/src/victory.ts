import { type GameContext, playerOf } from "./context.js";
import { disc, idOf } from "./hex/grid.js";
import { keyHex, type MapContext, region } from "./map/map-context.js";
import type { Condition, HexRef } from "./scenarios/schema.js";
import { hexRefHexes } from "./scenarios/zones.js";
import type { GameResult, Position, VictoryLevel } from "./state/position.js";
import { unitStats } from "./state/unit-stats.js";
import { type BySide, otherSide, SIDES, type Side } from "./vocabulary.js";

/**
 * When the sequence of play asks whether the game has ended (16.0).
 *
 * - `end-of-player-turn`: once at the end of every Player-Turn (after
 *   recovery). At the end of the Second Player-Turn of the last Game-Turn
 *   this is the end of the game, and a result is always returned.
 * - `during-play`: after every combat result, retreat and advance, for the
 *   conditions timed "when-achieved" (16.21, 16.23).
 */
export type VictoryMoment =
  | { readonly kind: "end-of-player-turn"; readonly side: Side }
  | { readonly kind: "during-play" };

type Timing = Condition["at"];

/** One hex reference of a control condition resolved to hex ids (a town is several). */
interface HexGroup {
  readonly ref: HexRef;
  readonly ids: readonly string[];
}

/** A scenario condition with everything that does not depend on the position worked out once. */
interface Compiled {
  readonly side: Side | "either";
  readonly condition: Condition;
  /** control: the hexes, grouped by the reference that named them. */
  readonly groups: readonly HexGroup[];
  /** control: "hex 9", "both hexes 9 and 11", "every hex of the town of hex 6". */
  readonly hexPhrase: string;
  /** units-in-region, units-within: the hexes counted (1 = inside). */
  readonly area: Uint8Array | null;
  /** units-in-region, units-within, exit: where the units must be, in words. */
  readonly areaPhrase: string;
}

interface CompiledVictory {
  readonly conditions: readonly Compiled[];
  /** Hex id -> index, so counting units in an area does not parse ids. */
  readonly hexIndex: ReadonlyMap<string, number>;
  readonly names: BySide<string>;
}

/** Per-context lookups: checkVictory runs after every combat in search, the context lives for the game. */
const compiledByContext = new WeakMap<GameContext, CompiledVictory>();

function compiled(ctx: GameContext): CompiledVictory {
  const cached = compiledByContext.get(ctx);
  if (cached) return cached;
  const { map } = ctx;
  const hexIndex = new Map<string, number>(map.grid.ids.map((id, i) => [id, i]));
  const names = { first: playerOf(ctx, "first").name, second: playerOf(ctx, "second").name };
  const conditions = ctx.scenario.victory.conditions.map(({ side, condition }): Compiled => {
    const base = { side, condition, groups: [], hexPhrase: "", area: null, areaPhrase: "" };
    switch (condition.kind) {
      case "control":
        return {
          ...base,
          groups: condition.hexes.map((ref) => ({
            ref,
            ids: hexRefHexes(map, ref).map((h) => idOf(map.grid, h)),
          })),
          hexPhrase: hexesPhrase(condition.hexes),
        };
      case "units-in-region":
        return {
          ...base,
          area: region(map, condition.region),
          areaPhrase: regionPhrase(map, condition.region),
        };
      case "units-within": {
        const area = new Uint8Array(map.grid.size);
        for (const h of disc(map.grid, keyHex(map, condition.of), condition.hexes)) area[h] = 1;
        return { ...base, area, areaPhrase: `within ${hexCount(condition.hexes)} of hex ${condition.of}` };
      }
      case "exit":
        return {
          ...base,
          areaPhrase: `off the ${condition.edge} edge within ${hexCount(condition.withinOfRoad)} of the ${condition.road} road`,
        };
      default:
        return base;
    }
  });
  const result = { conditions, hexIndex, names };
  compiledByContext.set(ctx, result);
  return result;
}

/** "1 unit", "15 units". */
function unitsN(n: number): string {
  return n === 1 ? "1 unit" : `${n} units`;
}

/** "only 14 units", "only 1 unit", or "no units". */
function onlyUnits(n: number): string {
  return n === 0 ? "no units" : `only ${unitsN(n)}`;
}

function hexCount(n: number): string {
  return n === 1 ? "1 hex" : `${n} hexes`;
}

/** "8", "8 and 11", "1, 2 and 3". */
function listOf(items: readonly (string | number)[]): string {
  const words = items.map(String);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The printed wording of a control condition's hexes: "both hexes 9 and 11", "every hex of the towns of hexes 8 and 11". */
function hexesPhrase(refs: readonly HexRef[]): string {
  const keys: number[] = [];
  const towns: number[] = [];
  for (const ref of refs) {
    if ("hex" in ref) keys.push(ref.hex);
    else towns.push(ref.townOf);
  }
  const parts: string[] = [];
  if (keys.length === 1) parts.push(`hex ${keys[0]}`);
  else if (keys.length === 2) parts.push(`both hexes ${listOf(keys)}`);
  else if (keys.length > 2) parts.push(`hexes ${listOf(keys)}`);
  if (towns.length === 1) parts.push(`every hex of the town of hex ${towns[0]}`);
  else if (towns.length > 1) parts.push(`every hex of the towns of hexes ${listOf(towns)}`);
  return parts.join(" and ");
}

/** A map region in words, from its definition: "on or west of the main road" (16.24). */
function regionPhrase(map: MapContext, name: string): string {
  const def = map.data.regions[name];
  if (!def) return `in region "${name}"`;
  const barrier = "road" in def.barrier ? `the ${def.barrier.road} road` : `the ${def.barrier.terrain}`;
  return `${def.includeBarrier ? "on or " : ""}${def.edge} of ${barrier}`;
}

/** "the Imperialists' Player-Turn", "the Swedish Player-Turn". */
function playerTurnOf(name: string): string {
  return `the ${turnOf(name)}`;
}

/** "Imperialists' Player-Turn", "Swedish Player-Turn". */
function turnOf(name: string): string {
  return `${name.endsWith("s") ? `${name}'` : name} Player-Turn`;
}

function applies(at: Timing, moment: VictoryMoment, endOfGame: boolean): boolean {
  switch (at.kind) {
    case "end-of-game":
      return endOfGame;
    case "end-of-player-turn":
      return moment.kind === "end-of-player-turn" && moment.side === at.side;
    case "when-achieved":
      // Checked at every moment, so a condition fulfilled outside combat is not missed.
      return true;
  }
}

/** How one condition stands for one side. */
interface Verdict {
  readonly side: Side;
  readonly fulfilled: boolean;
  /** 16.41: fulfilled, but the game is a draw all the same. */
  readonly forcesDraw: boolean;
  /** The facts, as a clause: "Swedish have 15 units on or west of the main road (15 needed)". */
  readonly fact: string;
  readonly level?: VictoryLevel;
  /** Said after the moment: "(decisive by Game-Turn 5)". */
  readonly note?: string;
}

/** What the position says, gathered once per call and only as far as the conditions need it. */
class Facts {
  private onMap: BySide<number> | null = null;
  constructor(
    readonly ctx: GameContext,
    readonly position: Position,
    readonly names: BySide<string>,
    readonly hexIndex: ReadonlyMap<string, number>,
  ) {}

  /** 16.0: the side occupying a hex, else the side that last occupied it, else nobody. */
  controller(id: string): Side | undefined {
    const top = this.position.stacks[id]?.[0];
    const occupant = top === undefined ? undefined : this.position.units[top]?.side;
    return occupant ?? this.position.control[id];
  }

  unitsOnMap(side: Side): number {
    if (!this.onMap) {
      const count = { first: 0, second: 0 };
      for (const ids of Object.values(this.position.stacks)) {
        for (const id of ids) {
          const unit = this.position.units[id];
          if (unit) count[unit.side]++;
        }
      }
      this.onMap = count;
    }
    return this.onMap[side];
  }

  unitsIn(area: Uint8Array, side: Side): number {
    let n = 0;
    for (const [hex, ids] of Object.entries(this.position.stacks)) {
      const h = this.hexIndex.get(hex);
      if (h === undefined || area[h] !== 1) continue;
      for (const id of ids) if (this.position.units[id]?.side === side) n++;
    }
    return n;
  }

  exited(side: Side): number {
    let n = 0;
    for (const [id, status] of Object.entries(this.position.offMap)) {
      if (status === "exited" && this.position.units[id]?.side === side) n++;
    }
    return n;
  }

  /** The side's units (of a class, if given): how many are listed, how many are not eliminated. */
  remaining(side: Side, unitClass?: "artillery"): { total: number; left: number } {
    let total = 0;
    let left = 0;
    for (const [id, unit] of Object.entries(this.position.units)) {
      if (unit.side !== side) continue;
      if (unitClass && unitStats(this.ctx.rules, this.ctx.scenario, unit).class !== unitClass) continue;
      total++;
      if (this.position.offMap[id] !== "eliminated") left++;
    }
    return { total, left };
  }
}

function judge(c: Compiled, side: Side, facts: Facts): Verdict {
  const name = facts.names[side];
  const enemy = facts.names[otherSide(side)];
  const { condition } = c;
  const verdict = (fulfilled: boolean, fact: string): Verdict => ({
    side,
    fulfilled,
    forcesDraw: false,
    fact,
  });
  switch (condition.kind) {
    case "control": {
      const held = c.groups.every((g) => g.ids.every((id) => facts.controller(id) === side));
      if (!held) return verdict(false, `${name} do not control ${c.hexPhrase} (${controlDetails(c, facts)})`);
      const fact = `${name} control ${c.hexPhrase}`;
      const needed = condition.drawUnlessUnitsOnMap;
      const onMap = facts.unitsOnMap(side);
      if (needed !== undefined && onMap < needed) {
        // 16.41: "must have at least twenty-five units on the map or the game is a draw".
        return {
          side,
          fulfilled: true,
          forcesDraw: true,
          fact: `${fact} but have ${onlyUnits(onMap)} on the map (${needed} needed)`,
        };
      }
      return verdict(true, needed === undefined ? fact : `${fact} with ${unitsN(onMap)} on the map`);
    }
    case "exit": {
      const n = facts.exited(side);
      return n >= condition.count
        ? verdict(true, `${name} have exited ${unitsN(n)} ${c.areaPhrase} (${condition.count} needed)`)
        : verdict(false, `${name} have exited ${onlyUnits(n)} ${c.areaPhrase} (${condition.count} needed)`);
    }
    case "destroy-all": {
      // A gun captured under 15.0 becomes a friendly unit, so it no longer counts as the enemy's.
      const { total, left } = facts.remaining(otherSide(side), condition.unitClass);
      if (left > 0)
        return verdict(
          false,
          `${name} have not destroyed every ${condition.unitClass} unit of the ${enemy} (${left} of ${total} remain)`,
        );
      return verdict(
        true,
        total === 0
          ? `the ${enemy} have no ${condition.unitClass} units left`
          : `${name} have destroyed all ${total} ${condition.unitClass} units of the ${enemy}`,
      );
    }
    case "units-in-region":
    case "units-within": {
      const n = c.area ? facts.unitsIn(c.area, side) : 0;
      return n >= condition.count
        ? verdict(true, `${name} have ${unitsN(n)} ${c.areaPhrase} (${condition.count} needed)`)
        : verdict(false, `${name} have ${onlyUnits(n)} ${c.areaPhrase} (${condition.count} needed)`);
    }
    case "survive": {
      const n = facts.unitsOnMap(side);
      return n > 0
        ? verdict(true, `${name} still have ${unitsN(n)} on the map`)
        : verdict(false, `${name} have no units left on the map`);
    }
    case "eliminate-all": {
      const { total, left } = facts.remaining(otherSide(side));
      // A side with no units at all was never eliminated: nothing to judge (a composed position).
      if (total === 0 || left > 0)
        return verdict(
          false,
          `${name} have not eliminated every unit of the ${enemy} (${left} of ${total} remain)`,
        );
      const turn = facts.position.gameTurn;
      const graded = condition.levels.find((l) => l.byGameTurn >= turn);
      if (!graded)
        return verdict(
          false,
          `${name} eliminated every unit of the ${enemy} only in Game-Turn ${turn}, after Game-Turn ${condition.levels.at(-1)?.byGameTurn}`,
        );
      return {
        ...verdict(true, `${name} have eliminated all ${total} units of the ${enemy}`),
        level: graded.level,
        note: ` (${graded.level} by Game-Turn ${graded.byGameTurn})`,
      };
    }
  }
}

/** Who holds the hexes of a control condition: "hex 9: Imperialists; of the 5 hexes of the town of hex 6: Spanish 3, nobody 2". */
function controlDetails(c: Compiled, facts: Facts): string {
  return c.groups
    .map((g) => {
      if ("hex" in g.ref) {
        const id = g.ids[0] ?? "";
        const by = facts.controller(id);
        return `hex ${g.ref.hex}: ${by ? facts.names[by] : "nobody"}`;
      }
      const counts = { first: 0, second: 0, none: 0 };
      for (const id of g.ids) counts[facts.controller(id) ?? "none"]++;
      const parts = [
        ...SIDES.filter((s) => counts[s] > 0).map((s) => `${facts.names[s]} ${counts[s]}`),
        ...(counts.none > 0 ? [`nobody ${counts.none}`] : []),
      ];
      return `of the ${g.ids.length} hexes of the town of hex ${g.ref.townOf}: ${parts.join(", ")}`;
    })
    .join("; ");
}

/** Why a condition failed, for both players of a shared one: "neither player controls hex 9 (hex 9: nobody)". */
function failure(c: Compiled, verdicts: readonly Verdict[], facts: Facts): string {
  if (c.side === "either" && c.condition.kind === "control")
    return `neither player controls ${c.hexPhrase} (${controlDetails(c, facts)})`;
  return listOf(verdicts.map((v) => v.fact));
}

/**
 * 16.0: has the game ended at this moment, and how? Returns the result
 * exactly when it has, and always at the end of the last Game-Turn.
 *
 * Each condition is judged only at the moments its timing allows. One
 * player fulfilling his condition wins; both fulfilling is a draw (16.0);
 * at the end of the game, nobody fulfilling gives the scenario's
 * `otherwise`.
 */
export function checkVictory(
  ctx: GameContext,
  position: Position,
  moment: VictoryMoment,
): GameResult | undefined {
  const endOfGame =
    moment.kind === "end-of-player-turn" &&
    moment.side === "second" &&
    position.gameTurn >= ctx.scenario.gameLength;
  const { conditions, names, hexIndex } = compiled(ctx);
  const facts = new Facts(ctx, position, names, hexIndex);
  const gameTurn = position.gameTurn;
  const when = endOfGame
    ? `at the end of the game (Game-Turn ${gameTurn})`
    : moment.kind === "end-of-player-turn"
      ? `at the end of ${playerTurnOf(names[moment.side])} of Game-Turn ${gameTurn}`
      : `in Game-Turn ${gameTurn}`;

  const fulfilled: Verdict[] = [];
  const drawn: Verdict[] = [];
  const failed: string[] = [];
  for (const c of conditions) {
    if (!applies(c.condition.at, moment, endOfGame)) continue;
    const verdicts = (c.side === "either" ? SIDES : [c.side]).map((side) => judge(c, side, facts));
    const met = verdicts.filter((v) => v.fulfilled);
    for (const v of met) (v.forcesDraw ? drawn : fulfilled).push(v);
    if (met.length === 0) failed.push(failure(c, verdicts, facts));
  }

  const winners = new Set(fulfilled.map((v) => v.side));
  if (drawn.length > 0) {
    const why = listOf([...drawn, ...fulfilled].map((v) => v.fact));
    return { winner: "draw", reason: `${why} ${when}: draw`, gameTurn };
  }
  if (winners.size > 1) {
    const why = listOf(fulfilled.map((v) => v.fact));
    return { winner: "draw", reason: `both players fulfil their conditions: ${why} ${when}: draw`, gameTurn };
  }
  const win = fulfilled[0];
  if (win) {
    const level = fulfilled.find((v) => v.level !== undefined)?.level;
    const outcome = `${names[win.side]} win${level ? ` a ${level} victory` : ""}`;
    return {
      winner: win.side,
      ...(level ? { level } : {}),
      reason: `${listOf(fulfilled.map((v) => v.fact))} ${when}${fulfilled.map((v) => v.note ?? "").join("")}: ${outcome}`,
      gameTurn,
    };
  }
  if (!endOfGame) return undefined;
  const otherwise = ctx.scenario.victory.otherwise;
  const why = failed.length > 0 ? listOf(failed) : "no player has fulfilled his condition";
  return otherwise === "draw"
    ? { winner: "draw", reason: `${why} ${when}: draw`, gameTurn }
    : { winner: otherwise, reason: `${why} ${when}: ${names[otherwise]} win`, gameTurn };
}

/** How one side stands towards a condition now: fulfilled or not, the fact, and a count where the condition counts. */
export interface SideStanding {
  readonly side: Side;
  readonly fulfilled: boolean;
  /** As the result would say it: "Swedish have only 3 units on or west of the main road (15 needed)". */
  readonly fact: string;
  /** How far along: units in the area, units exited, hexes held, enemy units destroyed; absent where nothing counts. */
  readonly progress?: { readonly have: number; readonly need: number };
}

/** A victory condition as the players follow it during play (16.0). */
export interface ConditionStanding {
  /** Whose condition: a side, or "either" for a shared one (16.0: only one player may win it). */
  readonly side: Side | "either";
  readonly kind: Condition["kind"];
  /** When it is judged, in words: "at the end of any Imperialists' Player-Turn". */
  readonly when: string;
  /** Each side it concerns, judged on the position as it is now, whatever the timing. */
  readonly standings: readonly SideStanding[];
  /** The hexes a control condition names, with who controls each now (16.0), for the map. */
  readonly hexes: readonly { readonly hex: string; readonly controller: Side | undefined }[];
}

/** When a condition is judged, in words: "at the end of the game (Game-Turn 15)", "as soon as it is achieved". */
function timingWords(at: Timing, names: BySide<string>, gameLength: number): string {
  switch (at.kind) {
    case "end-of-game":
      return `at the end of the game (Game-Turn ${gameLength})`;
    case "end-of-player-turn":
      // "at the end of every Imperialists' Player-Turn"
      return `at the end of every ${turnOf(names[at.side])}`;
    case "when-achieved":
      return "as soon as it is achieved";
  }
}

/** How far a side has got towards a condition that counts something. */
function progressOf(c: Compiled, side: Side, facts: Facts): SideStanding["progress"] {
  const { condition } = c;
  switch (condition.kind) {
    case "units-in-region":
    case "units-within":
      return { have: c.area ? facts.unitsIn(c.area, side) : 0, need: condition.count };
    case "exit":
      return { have: facts.exited(side), need: condition.count };
    case "control": {
      const ids = c.groups.flatMap((g) => g.ids);
      return { have: ids.filter((id) => facts.controller(id) === side).length, need: ids.length };
    }
    case "destroy-all": {
      const { total, left } = facts.remaining(otherSide(side), condition.unitClass);
      return { have: total - left, need: total };
    }
    case "eliminate-all": {
      const { total, left } = facts.remaining(otherSide(side));
      return { have: total - left, need: total };
    }
  }
  // Surviving (16.21) counts nothing.
  return undefined;
}

/**
 * 16.0, for the players: how every victory condition of the scenario stands
 * on this position, each judged now whatever its timing (the result itself
 * is decided only by checkVictory, at the moments the conditions name).
 */
export function victoryStandings(ctx: GameContext, position: Position): readonly ConditionStanding[] {
  const { conditions, names, hexIndex } = compiled(ctx);
  const facts = new Facts(ctx, position, names, hexIndex);
  return conditions.map((c) => {
    const sides = c.side === "either" ? SIDES : [c.side];
    return {
      side: c.side,
      kind: c.condition.kind,
      when: timingWords(c.condition.at, names, ctx.scenario.gameLength),
      standings: sides.map((side) => {
        const v = judge(c, side, facts);
        const progress = progressOf(c, side, facts);
        return {
          side,
          fulfilled: v.fulfilled && !v.forcesDraw,
          fact: v.fact,
          ...(progress ? { progress } : {}),
        };
      }),
      hexes: c.groups.flatMap((g) => g.ids.map((hex) => ({ hex, controller: facts.controller(hex) }))),
    };
  });
}
