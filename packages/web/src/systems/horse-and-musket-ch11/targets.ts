import {
  type ChargeReach,
  type ChargeRefused,
  type Ctx,
  chargeWorking,
  type Position,
  shotRefusal,
} from "@tercio/horse-and-musket-ch11";

/**
 * The targets the board highlights, each decided by the engine: the
 * charges chargeWorking finds (chargePath with the engine's own turns), and
 * the shots shotRefusal has nothing against.
 */
export interface Charges {
  readonly reach: readonly ChargeReach[];
  readonly refused: readonly ChargeRefused[];
}

const NONE: Charges = { reach: [], refused: [] };

export function chargeOptions(ctx: Ctx, position: Position, id: string): Charges {
  const unit = position.units[id];
  if (!unit || !ctx.rules.data.unitTypes[unit.type].canCharge) return NONE;
  const all = chargeWorking(ctx, position, id);
  return {
    reach: all.filter((o): o is ChargeReach => o.ok),
    refused: all.filter((o): o is ChargeRefused => !o.ok),
  };
}

export function shotTargets(ctx: Ctx, position: Position, id: string): string[] {
  const unit = position.units[id];
  if (!unit) return [];
  return Object.keys(position.units)
    .sort()
    .filter((t) => position.units[t]?.side !== unit.side && shotRefusal(ctx, position, id, t) === undefined);
}
