import {
  disc,
  type GameContext,
  indexOfId,
  keyHex,
  type Position,
  region,
  type Side,
  unitStats,
} from "@tercio/musket-and-pike";

/**
 * What a side plays for in this scenario (16.0), read from the victory
 * conditions, for the strong player's movement and target values.
 *
 * - `hexes`: where the side's units should be (1 = a goal hex). Control
 *   conditions make their hexes goals for both sides (one to take them, the
 *   other to deny them); a region or "within n hexes" condition makes its
 *   area a goal for both; an exit condition makes the exit hexes a goal for
 *   the exiting side and for the side that must stop it.
 * - `hold`: goal hexes worth occupying one by one (control); area goals
 *   count units instead.
 * - `hunt`: the side wins by destroying enemy units (eliminate-all, or
 *   destroy-all of a class), so the enemy units themselves are the goal.
 * - `preyClass`: 16.23: the class whose destruction wins (its value is raised).
 * - `survive`: 16.21: the side wins if any unit survives; it should avoid risk.
 */
export interface Goals {
  readonly side: Side;
  /** Where the side's units make for (1 = a goal hex). */
  readonly hexes: Uint8Array;
  /** Goal hexes worth holding with a unit each: control hexes (16.0), or the exit hexes an enemy must reach (16.22). */
  readonly hold: Uint8Array;
  /** Units worth holding each hold hex with: two for a control hex, a full stack where an exit must be barred. */
  readonly holdDepth: number;
  /** Hexes where each of the side's units counts towards its condition (a region, or within n hexes). */
  readonly area: Uint8Array;
  /** How many units the area condition needs (a few more are planned there, for losses). */
  readonly areaNeed: number;
  readonly hunt: boolean;
  readonly preyClass?: string;
  readonly guardClass?: string;
  readonly survive: boolean;
  readonly exit: boolean;
}

const cache = new WeakMap<GameContext, { first: Goals; second: Goals }>();

export function goalsOf(ctx: GameContext, side: Side): Goals {
  let both = cache.get(ctx);
  if (!both) {
    both = { first: compileGoals(ctx, "first"), second: compileGoals(ctx, "second") };
    cache.set(ctx, both);
  }
  return both[side];
}

function compileGoals(ctx: GameContext, side: Side): Goals {
  const { map } = ctx;
  const size = map.grid.size;
  const hexes = new Uint8Array(size);
  const hold = new Uint8Array(size);
  const area = new Uint8Array(size);
  let hunt = false;
  let survive = false;
  let exit = false;
  let areaNeed = 0;
  let holdDepth = 2;
  let preyClass: string | undefined;
  let guardClass: string | undefined;
  const mark = (h: number, ...sets: Uint8Array[]) => {
    for (const set of sets) set[h] = 1;
  };
  for (const { side: owner, condition } of ctx.scenario.victory.conditions) {
    const mine = owner === side || owner === "either";
    switch (condition.kind) {
      case "control":
        // Taking a control hex also denies it: a goal for both sides.
        for (const ref of condition.hexes) {
          const hs = "hex" in ref ? [keyHex(map, ref.hex)] : townHexes(ctx, keyHex(map, ref.townOf));
          for (const h of hs) mark(h, hexes, hold);
        }
        break;
      case "units-in-region":
        if (mine) {
          region(map, condition.region).forEach((v, h) => {
            if (v === 1) mark(h, hexes, area);
          });
          areaNeed = condition.count;
        } else hunt = true;
        break;
      case "units-within":
        if (mine) {
          for (const h of disc(map.grid, keyHex(map, condition.of), condition.hexes)) mark(h, hexes, area);
          areaNeed = condition.count;
        } else hunt = true;
        break;
      case "exit":
        // The exiting side makes for the exit hexes; the other stands in them, so none can leave (16.22).
        exit ||= mine;
        ctx.exitHexes[owner === "either" ? side : owner].forEach((v, h) => {
          if (v === 1) mark(h, ...(mine ? [hexes] : [hexes, hold]));
        });
        if (!mine) {
          hunt = true;
          holdDepth = 3;
        }
        break;
      case "eliminate-all":
        if (mine) hunt = true;
        else survive = true;
        break;
      case "survive":
        if (mine) survive = true;
        else hunt = true;
        break;
      case "destroy-all":
        if (mine) {
          hunt = true;
          preyClass = condition.unitClass;
        } else guardClass = condition.unitClass;
        break;
    }
  }
  return {
    side,
    hexes,
    hold,
    holdDepth,
    area,
    areaNeed,
    hunt,
    survive,
    exit,
    ...(preyClass ? { preyClass } : {}),
    ...(guardClass ? { guardClass } : {}),
  };
}

/** The village hexes joined to `start` (a town, 16.11). */
function townHexes(ctx: GameContext, start: number): number[] {
  const town = ctx.map.townOf[start];
  if (town === undefined || town < 0) return [start];
  return [...(ctx.map.towns[town] ?? [start])];
}

/** Where a side's units make for now, in three groups the movement plan weighs apart. */
export interface GoalSources {
  /** Control hexes (and, for the side that must stop an exit, the exit hexes). */
  readonly hold: number[];
  /** The area whose units count (16.24, 16.37). */
  readonly area: number[];
  /** Everything else: own exit hexes, the prey (16.21, 16.23: enemy units), guarded units, else the enemy. */
  readonly other: number[];
}

export function goalSources(ctx: GameContext, position: Position, goals: Goals): GoalSources {
  const grid = ctx.map.grid;
  const hold: number[] = [];
  const area: number[] = [];
  const other: number[] = [];
  // Control hexes the side already stands on need no more marching to (guards and holders see to them).
  const held = (h: number) =>
    position.units[position.stacks[grid.ids[h] as string]?.[0] ?? ""]?.side === goals.side;
  const open: number[] = [];
  goals.hexes.forEach((v, h) => {
    if (v !== 1) return;
    if (goals.hold[h] === 1) {
      hold.push(h);
      if (!held(h)) open.push(h);
    } else if (goals.area[h] === 1) area.push(h);
    else other.push(h);
  });
  if (open.length > 0) hold.splice(0, hold.length, ...open);
  if (goals.hunt || goals.guardClass || hold.length + area.length + other.length === 0) {
    for (const [hex, ids] of Object.entries(position.stacks)) {
      for (const id of ids) {
        const unit = position.units[id];
        if (!unit) continue;
        const cls = unitStats(ctx.rules, ctx.scenario, unit).class;
        const prey = unit.side !== goals.side && (!goals.preyClass || cls === goals.preyClass);
        const guarded =
          unit.side === goals.side && goals.guardClass !== undefined && cls === goals.guardClass;
        if (prey || guarded) {
          other.push(indexOfId(grid, hex));
          break;
        }
      }
    }
  }
  return { hold, area, other };
}
