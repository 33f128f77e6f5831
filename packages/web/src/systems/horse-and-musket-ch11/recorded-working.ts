import { basePolygon } from "@tercio/geometry";
import type { Ctx, GameEvent } from "@tercio/horse-and-musket-ch11";
import type { HistoryEntry } from "../../shell/system-view.js";
import type { Working } from "./working.js";

/**
 * An earlier shot or charge, from the history's events alone (the poses
 * the engine recorded), for when the last action was neither and the
 * position before that one is no longer at hand: the charge's end base and
 * the side struck, a shot's roll and hits.
 */
export function recordedWorking<A>(
  ctx: Ctx,
  history: readonly HistoryEntry<A, GameEvent>[],
): Working | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const events = history[i]?.events ?? [];
    for (let j = events.length - 1; j >= 0; j--) {
      const e = events[j] as GameEvent;
      if (e.type === "charged") {
        const size = ctx.scenario.forces.first
          .concat(ctx.scenario.forces.second)
          .find((u) => u.id === e.unit);
        const depth = size ? ctx.rules.data.unitTypes[size.type].depth : 0;
        if (!size) continue;
        return {
          title: `last charge: ${e.unit} into ${e.target}'s ${e.side}`,
          shapes: [
            {
              kind: "polygon",
              points: basePolygon({ x: e.x, y: e.y, facing: e.facing }, { frontage: size.frontage, depth }),
              label: `${e.unit} in contact after ${e.travel} ticks`,
            },
            { kind: "point", points: [{ x: e.x, y: e.y }], label: "its centre" },
          ],
        };
      }
      if (e.type === "shot")
        return {
          title: `last shot: ${e.unit} at ${e.target}, rolled ${e.roll}, ${e.hits} hits${e.cover ? " (cover)" : ""}`,
          shapes: [],
        };
    }
  }
  return undefined;
}
