/**
 * The words of Plucky Pikes and Stalwart Shot (001), as the text uses them.
 * Paragraphs are named, not numbered, in the text; rule citations and test
 * tags use the paragraph's own heading: `[001 Attack Values]`.
 */

/** Preliminaries: "Soldier classes are Guard, Elite, Veteran, and Recruit." */
export const CLASSES = ["guard", "elite", "veteran", "recruit"] as const;
export type UnitClass = (typeof CLASSES)[number];

/** Artillery: "The guns are Falcons (light), Sakers (medium), Culverins (Med-Heavy), & Cannon (Heavy)." */
export const GUNS = ["falcon", "saker", "culverin", "cannon"] as const;
export type Gun = (typeof GUNS)[number];

/** Artillery: "Ranges are divided into short, medium and long and each has a modifier." */
export const RANGE_BANDS = ["short", "medium", "long"] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

/**
 * Formations: foot in pike (deep), hedgehog, open order or skirmish; horse
 * in close, open or skirmish order; guns limbered (formed) or unlimbered
 * (in skirmish, Artillery).
 */
export const FOOT_FORMATIONS = ["pike", "hedgehog", "open", "skirmish"] as const;
export const HORSE_FORMATIONS = ["close", "open", "skirmish"] as const;
export const GUN_FORMATIONS = ["limbered", "unlimbered"] as const;

/** Firearms and Bows & Crossbows: the missile weapons the text names. */
export const MISSILE_WEAPONS = [
  "musket",
  "arquebus",
  "handgun",
  "pistol",
  "carbine",
  "longbow",
  "light-bow",
  "crossbow",
  "heavy-crossbow",
  "horse-bow",
] as const;
export type MissileWeapon = (typeof MISSILE_WEAPONS)[number];

/** Melee: what a figure fights with hand to hand (the Attack Values table, reconstructed). */
export const MELEE_WEAPONS = [
  "pike",
  "bill",
  "sword-and-buckler",
  "two-hand-sword",
  "lance",
  "cuirassier",
  "harquebusier",
  "light-horse",
  "shot",
] as const;
export type MeleeWeapon = (typeof MELEE_WEAPONS)[number];

/** Cover and Armor: "Troops wearing a full or ¾ armor are 'armored'. Those wearing a cuirass and helmet are lightly armored. The rest are 'unarmored'." */
export const ARMOUR = ["armoured", "light", "unarmoured"] as const;
export type Armour = (typeof ARMOUR)[number];

/** Cover and Armor: "4 types of cover are listed in the Cover Table." */
export const COVER = ["light", "hard", "wooden-building", "stone-building"] as const;
export type Cover = (typeof COVER)[number];

/** Effectiveness: "4 levels of effectiveness: Steady, Shaken, Broken and Routed." */
export const EFFECTIVENESS = ["steady", "shaken", "broken", "routed"] as const;
export type Effectiveness = (typeof EFFECTIVENESS)[number];

/** Leadership: the officers whose stand touching a unit adds to its rally roll. */
export const OFFICERS = ["commanding-general", "general", "staff"] as const;
export type Officer = (typeof OFFICERS)[number];

/** The arms a unit belongs to: foot, horse or guns (Attack Values: "Cavalry and infantry ... artillery"). */
export const ARMS = ["foot", "horse", "guns"] as const;
export type Arm = (typeof ARMS)[number];

/**
 * The Game Turn's parts as Tercio plays them: the first turn's initiative
 * roll (later turns roll theirs as the turn before ends), then Part 1,
 * movement and fire,
 * is player 1's move, the fire after it, player 2's move and the fire
 * after that (a counter-roll answer may interrupt a move); Part 2 (Melee),
 * Part 3 (unit Morale) and Part 4 (Army morale) hold no choice and are
 * resolved as the last fire step ends.
 */
export const PARTS = ["initiative", "move-1", "fire-1", "move-2", "fire-2", "over"] as const;
export type Part = (typeof PARTS)[number];
