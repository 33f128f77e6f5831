import {
  type ContactSide,
  type Ctx,
  combatFactors,
  handToHandHits,
  type Position,
  shootingHits,
  targetInCover,
} from "@tercio/horse-and-musket-ch11";

/**
 * The odds the board shows before the die: the hits each face of the d6
 * would inflict, computed by the engine's own functions (shootingHits,
 * handToHandHits) with the factors the engine finds (targetInCover,
 * combatFactors), and how many faces give each number of hits.
 */
export interface Modifier {
  /** What applies, with its value as the rules data gives it: "Skirmishers: −2", "cover: × 1/2". */
  readonly text: string;
  /** The rule heading it comes from, as the engine cites rules: "004 Shooting: Cover". */
  readonly rule: string;
}

export interface Odds {
  readonly modifiers: readonly Modifier[];
  /** Hits for rolls 1 to 6. */
  readonly faces: readonly number[];
  /** Each number of hits and how many of the six faces give it, fewest hits first. */
  readonly outcomes: readonly { readonly hits: number; readonly faces: number }[];
}

function outcomesOf(faces: readonly number[]): Odds["outcomes"] {
  const count = new Map<number, number>();
  for (const h of faces) count.set(h, (count.get(h) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => a[0] - b[0]).map(([hits, n]) => ({ hits, faces: n }));
}

const fraction = (f: { num: number; den: number }) => (f.den === 1 ? `× ${f.num}` : `× ${f.num}/${f.den}`);
const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

export function shotOdds(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): Odds | undefined {
  const shooter = position.units[shooterId];
  if (!shooter || !position.units[targetId]) return undefined;
  const data = ctx.rules.data;
  const type = data.unitTypes[shooter.type];
  const modifier = type.shootingModifier;
  const cover = targetInCover(ctx, position, targetId) ? data.shooting.cover : null;
  const modifiers: Modifier[] = [];
  if (modifier !== 0)
    modifiers.push({ text: `${type.name}: ${signed(modifier)}`, rule: "004 Shooting: Assess Casualties" });
  if (modifier < 0)
    modifiers.push({
      text: `never below ${data.shooting.floor} hits`,
      rule: "004 Shooting: Assess Casualties",
    });
  if (cover)
    modifiers.push({
      text: `target in cover: ${fraction(cover)}, rounded up (in favour of the shooter)`,
      rule: "004 Shooting: Cover",
    });
  const faces = [1, 2, 3, 4, 5, 6].map((r) => shootingHits(r, modifier, data.shooting.floor, cover));
  return { modifiers, faces, outcomes: outcomesOf(faces) };
}

export function fightOdds(
  ctx: Ctx,
  position: Position,
  defenderId: string,
  side: ContactSide,
): Odds | undefined {
  const defender = position.units[defenderId];
  if (!defender) return undefined;
  const data = ctx.rules.data;
  const h = data.handToHand;
  const f = combatFactors(ctx, defender, side);
  const modifiers: Modifier[] = [
    { text: `the die ${signed(h.add)}`, rule: "004 Hand-to-Hand Combat: Assess Casualties" },
  ];
  const rounding = ctx.options.modifierRounding === "once" ? "rounded up once" : "rounded up at each step";
  if (f.hilltop)
    modifiers.push({
      text: `defender on a hilltop: ${fraction(h.hilltop)}, ${rounding}`,
      rule: "004 Hand-to-Hand Combat: Terrain",
    });
  if (f.cavalryTarget)
    modifiers.push({
      text: `defending Cavalry: ${fraction(h.cavalryTarget)}, ${rounding}`,
      rule: "004 Hand-to-Hand Combat: Cavalry Targets",
    });
  if (f.flankOrRear)
    modifiers.push({
      text: `engaged in the ${side}: ${fraction(h.flankOrRear)}`,
      rule: "004 Hand-to-Hand Combat: Flank or Rear Attacks",
    });
  const faces = [1, 2, 3, 4, 5, 6].map((r) => handToHandHits(data, r, f, ctx.options.modifierRounding));
  return { modifiers, faces, outcomes: outcomesOf(faces) };
}

/** "3 hits: 2 in 6". */
export function outcomeWords(o: Odds["outcomes"][number]): string {
  return `${o.hits} hit${o.hits === 1 ? "" : "s"}: ${o.faces} in 6`;
}
