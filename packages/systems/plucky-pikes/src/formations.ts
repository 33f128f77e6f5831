import type { UnitSetup } from "./scenarios/schema.js";

/**
 * Formations: "Infantry operated 4 ways. The pike formation was a deep
 * formation used for close combat. Pikes could also form 'hedgehog' ...
 * Musketeers were in open order to fire and skirmish formation for
 * reconnaissance. Cavalry operated in close order for close combat, open
 * order for firing pistols or carbines and skirmish order for
 * reconnaissance." Which of them a unit may take, by its arms: pikes the
 * pike block and the hedgehog; shot (and bows) open order and skirmish;
 * other close-combat foot (bills, swords) the deep formation and open
 * order (a reading: no hedgehog without pikes); horse all three; guns
 * limbered or unlimbered (Artillery).
 */
export function formationsOf(t: Pick<UnitSetup, "arm" | "melee" | "missile">): readonly string[] {
  if (t.arm === "guns") return ["limbered", "unlimbered"];
  if (t.arm === "horse") return ["close", "open", "skirmish"];
  if (t.missile) return ["open", "skirmish"];
  if (t.melee === "pike") return ["pike", "hedgehog"];
  return ["pike", "open"];
}
