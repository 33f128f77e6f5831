import {
  aimTurn,
  type ChargePath,
  type Ctx,
  chargePath,
  type Position,
  type RuleError,
  shotRefusal,
} from "@tercio/horse-and-musket-ch11";

/**
 * The targets the board highlights, each decided by the engine: a charge
 * is offered where chargePath finds a path into contact (turned towards
 * the target within the charge turn limit, as the engine's own legal
 * actions try, or straight ahead); a shot where shotRefusal has nothing
 * to say.
 */
export interface ChargeOption {
  readonly target: string;
  /** The turn at the start, centidegrees (0: straight ahead). */
  readonly turn: number;
  readonly path: ChargePath;
}

export function chargeOptions(ctx: Ctx, position: Position, id: string): ChargeOption[] {
  const unit = position.units[id];
  if (!unit || !ctx.rules.data.unitTypes[unit.type].canCharge) return [];
  const out: ChargeOption[] = [];
  for (const target of Object.keys(position.units).sort()) {
    const t = position.units[target];
    if (!t || t.side === unit.side) continue;
    const aim = aimTurn(unit, unit.facing, t, ctx.rules.data.chargeTurnLimit);
    const turns = aim === null || aim === 0 ? [0] : [aim, 0];
    for (const turn of turns) {
      const path = chargePath(ctx, position, id, target, turn);
      if (!path.ok) continue;
      out.push({ target, turn, path: path.value });
      break;
    }
  }
  return out;
}

/** Why a charge at a target is refused (the straight-ahead try's rule), for the target the player points at. */
export function chargeRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  target: string,
): RuleError | undefined {
  const unit = position.units[id];
  const t = position.units[target];
  if (!unit || !t) return undefined;
  const aim = aimTurn(unit, unit.facing, t, ctx.rules.data.chargeTurnLimit) ?? 0;
  const path = chargePath(ctx, position, id, target, aim);
  return path.ok ? undefined : path.error;
}

export function shotTargets(ctx: Ctx, position: Position, id: string): string[] {
  const unit = position.units[id];
  if (!unit) return [];
  return Object.keys(position.units)
    .sort()
    .filter((t) => position.units[t]?.side !== unit.side && shotRefusal(ctx, position, id, t) === undefined);
}
