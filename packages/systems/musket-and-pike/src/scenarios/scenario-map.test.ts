import { describe, expect, it } from "vitest";
import { zoneKey } from "../context.js";
import { groundError } from "../deployment.js";
import { discOnMap, distance, edgeHexes, idOf } from "../hex/grid.js";
import { keyHex } from "../map/map-context.js";
import { newGame } from "../new-game.js";
import { positionIssues } from "../state/parse.js";
import { catalog, ctxFor, deployed } from "../test-support/setup.js";
import { SIDES, type Side } from "../vocabulary.js";
import { hexRefHexes } from "./zones.js";

/** How many hexes apart two sets of hexes are at their closest. */
function gap(map: ReturnType<typeof ctxFor>["map"], a: readonly number[], b: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const x of a) for (const y of b) best = Math.min(best, distance(map.grid, x, y));
  return best;
}

describe("[16.0] every scenario fits the map", () => {
  for (const scenario of catalog.scenarios.scenarios) {
    it(`[${scenario.id}] ${scenario.name}: zones on the map, apart, and big enough for each force`, () => {
      const ctx = ctxFor(scenario.id);
      const { map } = ctx;
      const zonesOf = (side: Side) =>
        ctx.scenario.players
          .find((p) => p.side === side)
          ?.forces.map((f) => ({ force: f, zone: ctx.zones.get(zoneKey(side, f.id)) })) ?? [];
      for (const side of SIDES) {
        for (const { force, zone } of zonesOf(side)) {
          expect(zone, `${side}/${force.id}`).toBeDefined();
          if (!zone) continue;
          expect(zone.hexes.length, `${side}/${force.id} has hexes`).toBeGreaterThan(0);
          const d = force.deployment;
          // "Within N hexes of hex K" lies wholly on the map.
          if (d.kind === "within")
            expect(discOnMap(map.grid, keyHex(map, d.of), d.hexes), `${side}/${force.id}`).toBe(true);
          if (zone.kind === "enter") {
            const edge = new Set(edgeHexes(map.grid, zone.edge));
            for (const h of zone.hexes) expect(edge.has(h)).toBe(true);
            // A stretch of edge, not a single gate: the key hex stands well inside the entry distance.
            expect(zone.hexes.length, `${side}/${force.id} entry hexes`).toBeGreaterThanOrEqual(9);
            continue;
          }
          // Room for every unit of the force within the stacking limit, each on ground it may hold.
          const limit = ctx.scenario.players.find((p) => p.side === side)?.stacking ?? 0;
          for (const group of force.units) {
            const unit = {
              side,
              type: group.type,
              force: force.id,
              disrupted: false,
              limbered: false,
              roadMode: false,
              dismounted: false,
              ...(group.as ? { as: group.as } : {}),
              ...(group.role ? { role: group.role } : {}),
            };
            const room = zone.hexes.filter((h) => !groundError(ctx, "x", unit, h)).length * limit;
            expect(room, `${side}/${force.id} room for ${group.type}`).toBeGreaterThanOrEqual(group.count);
          }
          const usable = zone.hexes.filter(
            (h) =>
              !groundError(
                ctx,
                "x",
                {
                  side,
                  type: "PP",
                  force: force.id,
                  disrupted: false,
                  limbered: false,
                  roadMode: false,
                  dismounted: false,
                  ...(force.units[0]?.role ? { role: force.units[0].role } : {}),
                },
                h,
              ),
          );
          const total = force.units.reduce((n, g) => n + g.count, 0);
          expect(usable.length * limit, `${side}/${force.id} total room`).toBeGreaterThanOrEqual(total);
        }
      }
      // Opposing set-up zones never overlap or touch, and each force has an enemy force a playable distance away.
      const placed = (side: Side) =>
        zonesOf(side).filter((z) => z.zone?.kind === "deploy" && z.force.deployment.kind !== "region");
      for (const a of placed("first")) {
        for (const b of placed("second")) {
          const d = gap(map, a.zone?.hexes ?? [], b.zone?.hexes ?? []);
          expect(d, `first/${a.force.id} vs second/${b.force.id}`).toBeGreaterThanOrEqual(2);
        }
      }
      // A side's main body starts within reach of the enemy; a reserve (16.24's Imperialist cavalry) may stand further off.
      const first = placed("first");
      const second = placed("second");
      if (first.length > 0 && second.length > 0) {
        const nearest = Math.min(
          ...first.flatMap((a) => second.map((b) => gap(map, a.zone?.hexes ?? [], b.zone?.hexes ?? []))),
        );
        expect(nearest, "the two sides' closest zones").toBeLessThanOrEqual(12);
      }
      // Victory hexes exist: towns have village hexes, key hexes resolve.
      for (const { condition } of ctx.scenario.victory.conditions) {
        if (condition.kind === "control") {
          for (const ref of condition.hexes) expect(hexRefHexes(map, ref).length).toBeGreaterThan(0);
        }
      }
    });

    it(`[${scenario.id}] ${scenario.name}: opens, and both sides set up automatically within the rules`, () => {
      const ctx = ctxFor(scenario.id);
      const opened = newGame(ctx, { seed: 11 });
      expect(opened.ok).toBe(true);
      if (!opened.ok) return;
      expect(positionIssues(ctx, opened.value.position)).toEqual([]);
      const { position } = deployed(scenario.id);
      expect(positionIssues(ctx, position)).toEqual([]);
      expect([position.gameTurn, position.phasing, position.phase]).toEqual([1, "first", "fire"]);
      for (const [id, status] of Object.entries(position.offMap)) {
        expect(status, id).toBe("awaiting-entry");
      }
      for (const [hex, ids] of Object.entries(position.stacks)) {
        for (const id of ids) {
          const unit = position.units[id];
          const zone = ctx.zones.get(zoneKey(unit?.side ?? "first", unit?.force ?? ""));
          expect(zone?.hexes.map((h) => idOf(ctx.map.grid, h))).toContain(hex);
        }
      }
    });
  }
});
