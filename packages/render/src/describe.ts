/** Words for positions, events and results, shared by the CLI and the browser. */
import type { UnitGroup } from "@tercio/musket-and-pike";

export {
  describeEvent,
  hexLabel,
  PHASE_NAMES,
  playerName,
  resultLine,
  sideLabel,
  statusLine,
} from "@tercio/musket-and-pike";

/** "15 EP, 8 MM, 1 MA" */
export function unitGroups(groups: readonly UnitGroup[]): string {
  return groups
    .map((g) => `${g.count} ${g.type}${g.as ? ` (as ${g.as})` : ""}${g.role ? ` [${g.role}]` : ""}`)
    .join(", ");
}

export function unitCount(groups: readonly UnitGroup[]): number {
  return groups.reduce((n, g) => n + g.count, 0);
}
