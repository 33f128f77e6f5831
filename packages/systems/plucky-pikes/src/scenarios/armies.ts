import { type DataError, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import { z } from "zod";
import {
  ARMOUR,
  CLASSES,
  FOOT_FORMATIONS,
  GUN_FORMATIONS,
  GUNS,
  HORSE_FORMATIONS,
  MELEE_WEAPONS,
  MISSILE_WEAPONS,
} from "../vocabulary.js";
import armiesJson from "./plucky-pikes.armies.json" with { type: "json" };

/**
 * The random table's army lists as data (designed: 001 gives none). Each
 * period of 1450-1660 names its years and two armies, each a weighted list
 * of the unit types it fielded: a unit is drawn with chance weight / total
 * weight of the types still open (a type with `max` closes once drawn that
 * many times). A unit type is what a scenario's unit is (schema.ts) less
 * its place: arm, class, figures (a battery's points), formation, weapons
 * and armour.
 */
const UnitTypeSchema = z
  .strictObject({
    name: z.string().min(1).max(50),
    /** The chance of this type against the others of the army: weight / total. */
    weight: z.number().int().min(1).max(100),
    /** At most this many of it in one army (guns, guards, rare troops). */
    max: z.number().int().min(1).max(16).optional(),
    arm: z.enum(["foot", "horse", "guns"]),
    class: z.enum(CLASSES),
    /** Figures (foot and horse) or the battery's points (guns). */
    strength: z.number().int().min(2).max(48),
    formation: z.enum([...FOOT_FORMATIONS, ...HORSE_FORMATIONS, ...GUN_FORMATIONS]),
    ranks: z.number().int().min(1).max(2).optional(),
    brigade: z.boolean().optional(),
    melee: z.enum(MELEE_WEAPONS).optional(),
    missile: z.enum(MISSILE_WEAPONS).optional(),
    gun: z.enum(GUNS).optional(),
    armour: z.enum(ARMOUR).default("unarmoured"),
    swedish: z.boolean().optional(),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const orders: readonly string[] =
      t.arm === "foot" ? FOOT_FORMATIONS : t.arm === "horse" ? HORSE_FORMATIONS : GUN_FORMATIONS;
    if (!orders.includes(t.formation)) issue("formation", `${t.arm} do not stand in ${t.formation} order`);
    if (t.arm === "guns") {
      if (!t.gun) issue("gun", "guns name their type (Artillery)");
      if (t.melee || t.missile) issue("arm", "guns fire as guns: no melee or missile weapon");
      if (t.strength % 3 !== 0) issue("strength", "a battery's points divide by 3 (it loses 1/3 when hit)");
      if (t.brigade) issue("brigade", "guns are not brigaded");
    } else {
      if (t.gun) issue("gun", "only guns have a gun type");
      if (!t.melee) issue("melee", "foot and horse fight with a melee weapon");
    }
    if (t.ranks !== undefined && !(t.arm === "foot" && t.missile))
      issue("ranks", "ranks are for shot in open order");
    if (t.swedish && !(t.arm === "foot" && t.missile))
      issue("swedish", "the Swedish salvo is the musketeers' (Firearms)");
  });

const ArmySchema = z
  .strictObject({
    name: z.string().min(1).max(60),
    units: z.array(UnitTypeSchema).min(1).max(40),
  })
  .superRefine((a, ctx) => {
    // Sixteen units must always be drawable: some type without a cap, or caps enough.
    const open = a.units.some((t) => t.max === undefined);
    const capped = a.units.reduce((n, t) => n + (t.max ?? 0), 0);
    if (!open && capped < 16)
      ctx.addIssue({
        code: "custom",
        path: ["units"],
        message: "an army list must give 16 units: a type without max, or caps adding to 16",
      });
  });

const PeriodSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z][a-z0-9-]{1,47}$/),
    name: z.string().min(1).max(60),
    /** The years the period spans, first and last (the scenario's year is drawn from them). */
    years: z.tuple([z.number().int().min(1450).max(1660), z.number().int().min(1450).max(1660)]),
    /** Fatigue & Pursuit: "In wars where no quarter is given such as religious wars". */
    noQuarter: z.boolean().default(false),
    first: ArmySchema,
    second: ArmySchema,
  })
  .refine((p) => p.years[0] <= p.years[1], {
    path: ["years"],
    message: "the first year comes before the last",
  });

export const ArmiesSchema = z
  .strictObject({
    format: z.literal("tercio/ppss-armies@1"),
    periods: z.array(PeriodSchema).min(1).max(32),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    for (const [i, p] of doc.periods.entries()) {
      if (ids.has(p.id))
        ctx.addIssue({ code: "custom", path: ["periods", i, "id"], message: `${p.id} is used twice` });
      ids.add(p.id);
    }
  });

export type Armies = z.output<typeof ArmiesSchema>;
export type Period = Armies["periods"][number];
export type ArmyList = Period["first"];
export type UnitType = ArmyList["units"][number];

/** An army-lists file, validated (a player's own, or the built-in one). */
export function parseArmies(json: unknown): Result<Armies, DataError> {
  const parsed = ArmiesSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(dataError("army lists", zodIssues(parsed.error)));
}

let cache: Armies | undefined;

/** The built-in army lists, parsed once; throws only if the built-in data is invalid. */
export function builtInArmies(): Armies {
  if (cache) return cache;
  const loaded = parseArmies(armiesJson);
  if (!loaded.ok) throw new Error(`built-in army lists are invalid: ${loaded.error.message}`);
  cache = loaded.value;
  return loaded.value;
}

export const BUILT_IN_ARMIES_JSON: unknown = armiesJson;
