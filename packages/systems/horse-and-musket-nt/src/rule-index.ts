/**
 * Every rule of 003 by the text's own heading and item, as its tests are
 * tagged (`[003 Fire iii]`, `[003 Charging ii]`): the contract of "every
 * rule tested by name". rule-index.test.ts reads every test of this system
 * and holds each entry to at least one test with its tag, and each tag used
 * to an entry here. The text numbers some headings ("1.1. Fire", "1.2)
 * MOVE", "2) MELEE", "3) ROUTS AND RALLIES"); rule errors cite that number
 * ("1.1 A", "2 i"), the tags the heading's word. `designed` marks the rules
 * the text names and never gives, which Tercio designed (docs/rules).
 */
export interface RuleEntry {
  /** The tag after "003 ": a heading, its item, or "heading: part" for an unnumbered sentence. */
  readonly tag: string;
  readonly summary: string;
  readonly designed?: true;
}

export const RULE_INDEX: readonly RuleEntry[] = [
  {
    tag: "Grey Areas",
    summary: "a measurement too close to call is settled by a roll-off, the winner's way",
  },
  { tag: "Pre-measuring", summary: "distances between units may be measured at any time" },
  { tag: "Dice", summary: "Dx is a d6 or the average die (2, 3, 3, 4, 4, 5)" },
  { tag: "Units", summary: "four types: Infantry, Skirmishers, Cavalry, Artillery" },
  { tag: "Figures & Basing", summary: "bases 6x3, Cavalry and Guns 4x2; multi-base units aligned" },
  {
    tag: "Front, Left, Right & Rear Sides",
    summary: "sides from 45-degree rays off the corners, decided by the front-centre point",
  },
  {
    tag: "Front, Left, Right & Rear Sides: protected",
    summary: "a flank protected by mutual 1-inch front corner distance may not be shot or charged",
  },
  { tag: "Line of Sight", summary: "front centre to a side's centre, blocked by anything taller" },
  { tag: "Line of Sight I", summary: "a gap 4 inches wide is needed" },
  { tag: "Line of Sight II", summary: "half of the side visible and in the front arc" },
  {
    tag: "Line of Sight III",
    summary: "4 inches into and out of woods, towns, hills; not through two sides",
  },
  { tag: "Line of Sight IV", summary: "units lining a terrain edge are not blocked by it" },
  { tag: "Line of Sight V", summary: "guns on a hill see over units closer to them than the target" },
  { tag: "Play Sequence", summary: "attacker then defender: Actions, Melee, Routs and Rallies" },
  { tag: "Fire", summary: "a unit that fires may not move; hits rounded up; removal at 15" },
  { tag: "Fire A", summary: "priority: the closest, most directly forward unit in the front arc" },
  { tag: "Fire A: split", summary: "two mutually protected units at the same range share the hits" },
  { tag: "Fire B", summary: "guns 8 and 36 inches, foot 4 and 8 inches; roll Dx for hits" },
  { tag: "Fire i", summary: "add 2 at a Foot unit's flank or rear, or at Cavalry" },
  { tag: "Fire ii", summary: "Skirmishers and Artillery subtract 2" },
  { tag: "Fire iii", summary: "double at point blank" },
  { tag: "Fire iv", summary: "halve against Skirmishers" },
  { tag: "Fire v", summary: "halve in woods, brush, marsh, towns or behind walls" },
  { tag: "Fire vi", summary: "the benefit is capped at a quarter" },
  { tag: "Move", summary: "no corner exceeding the allowance; a unit that moves may not fire; bonus lost" },
  { tag: "Move i", summary: "Class 1, Infantry and Guns: 1Dx + 2" },
  { tag: "Move ii", summary: "Class 2, Skirmishers: 1Dx + 4" },
  { tag: "Move iii", summary: "Class 3, Cavalry: 1Dx + 6" },
  {
    tag: "Move: double",
    summary: "moves beginning and remaining over 12 inches from all enemies move double",
  },
  { tag: "Maneuvering", summary: "all maneuvers count as movement" },
  { tag: "Maneuvering i", summary: "wheel on a front corner like a hinged door; foot once, others twice" },
  { tag: "Maneuvering ii", summary: "reform: a 2-inch move in any direction, into or out of column" },
  { tag: "Maneuvering iii", summary: "fall back Dx facing about; Cavalry may keep their facing" },
  { tag: "Maneuvering iv", summary: "column: roads, narrow gaps, unlimited wheels keeping the bonus" },
  { tag: "Terrain", summary: "linear 6-12 x 1-3 inches, area 6-12 inches; models are decoration" },
  { tag: "Terrain i", summary: "hills: defensive bonus when uphill" },
  { tag: "Terrain ii", summary: "woods and rocky brush: Skirmishers only; bonus entirely inside" },
  {
    tag: "Terrain iii",
    summary: "town: Infantry and Skirmishers; one unit reformed within holds it, 360 sight",
  },
  { tag: "Terrain iv", summary: "lake, marsh and rivers impassable; bridges and fords" },
  { tag: "Terrain v", summary: "walls, gullies, riverbanks: bonus behind in full edge contact" },
  {
    tag: "Terrain vi",
    summary: "roads: a column following one cancels terrain, loses bonuses, may not charge",
  },
  {
    tag: "Interpenetration",
    summary: "Skirmishers move through units and are moved through, never stop upon",
  },
  {
    tag: "Interpenetration: threat zone",
    summary: "a 4-inch zone in an enemy's front arc: only charge, fall back or a new point blank target",
  },
  { tag: "Charging", summary: "only Cavalry move into contact" },
  { tag: "Charging i", summary: "the target in LoS, the LoS distance within the move with Bonus" },
  { tag: "Charging ii", summary: "the shortest LoS to an uncontacted side's centre; stop at first contact" },
  { tag: "Charging iii", summary: "one Cavalry unit per side; no closing the door" },
  {
    tag: "Melee",
    summary: "only chargers inflict hits: Dx + 2; removal at 15; the charger stays or falls back",
  },
  { tag: "Melee i", summary: "halve for a defender uphill or defending woods, river bank, gully, wall" },
  { tag: "Melee ii", summary: "Cavalry targets halve, Gun targets double" },
  { tag: "Melee iii", summary: "Cavalry double on a flank or the rear" },
  { tag: "Melee iv", summary: "the benefit is capped at a quarter" },
  { tag: "Routs and Rallies", summary: "rally half a Dx, one more in cover, never below 5 once over 5" },
  {
    tag: "Variable Quality",
    summary: "stubborn 18, reluctant 12, elite +1, militia -1; one advantage per disadvantage",
  },
  { tag: "Ammunition Supply", summary: "a natural top face when firing: no fire until a rally" },
  { tag: "American Civil War modifications 1", summary: "close-order infantry act as Infantry" },
  { tag: "American Civil War modifications 2", summary: "infantry reform into column or skirmish order" },
  { tag: "American Civil War modifications 3", summary: "Minie rifles: long range 16 inches at half hits" },
  { tag: "American Civil War modifications 4", summary: "guns: 48-inch effective range" },
  {
    tag: "American Civil War modifications 5",
    summary: "cavalry are Skirmishers with the cavalry move rate",
  },
  { tag: "American Civil War modifications 6", summary: "infantry may shoot in column at -2" },
  { tag: "American Civil War modifications 7", summary: "infantry in skirmish order fight as Skirmishers" },
  { tag: "Poor Drill", summary: "a Militia unit changing formation needs a Dx of 4 or more", designed: true },
  { tag: "Charging Infantry", summary: "named regiments charge like cavalry at the infantry rate" },
  {
    tag: "Army composition chart",
    summary: "a d6 a unit: 1-3 Infantry (3 assaulting), 4 Skirmishers, 5 Cavalry, 6 Artillery",
    designed: true,
  },
];

/** The tag as a test names it: `[003 Fire iii]`. */
export function testTag(entry: RuleEntry): string {
  return `[003 ${entry.tag}]`;
}
