import {
  baseCorners,
  inWedge,
  nearestPoints,
  type Point,
  type Polygon,
  polygonOrientation,
  roundedPoint,
  segmentMeetsInterior,
  segmentsIntersect,
  spanInConvex,
  spanLengthWithin,
  zoneOf,
} from "@tercio/geometry";
import type { Ctx } from "../context.js";
import { type Firers, gunStrike, missileStrike } from "../fire-strike.js";
import { poseOf, ranksOf, standCentres, traitsOf, unitFront, unitPolygon, unitSize } from "../footprint.js";
import { teamPolygon } from "../horse-teams.js";
import { defenceFactor, type Strike, type Weapon } from "../lethality.js";
import { meleeOf, opponentsIn } from "../melee/melees.js";
import type { Position, UnitState } from "../position.js";
import { firingFigures } from "../ranks.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import type { Area } from "../scenarios/schema.js";
import { deepInWood, levelAt, onTable, squaredGap, squaredGapFromPoint, whollyIn } from "../table.js";
import type { Cover, MissileWeapon } from "../vocabulary.js";

/**
 * A unit or gun taking aim at an enemy: every condition the text sets on
 * fire, and the strike it would make with a d10 still to roll. Artillery:
 * "To 'fire' a gun must be unlimbered and the target visible to the crew.
 * Measure the range from the axle" (the stand's centre). Firearms: formed
 * musketeers "engage any target 45⁰ left or right"; skirmishers "may fire in
 * any direction but only the stands in range count". Firing First: "Units
 * and artillery may fire at enemy units attacking adjacent units if they
 * are within 4" of the friendly unit" (otherwise no fire into a melee).
 */
export interface Aim {
  readonly strike: (d10: number) => Strike;
  readonly df: number;
  readonly weapon: Weapon;
  /** Roundshot at troops in a building strikes the building (Attack Values: "Only roundshot and shell damage buildings"). */
  readonly building?: string;
  readonly atGuns: boolean;
  readonly hailshot: boolean;
}

const ARC = 4500;
const BOWS: ReadonlySet<MissileWeapon> = new Set(["longbow", "light-bow", "horse-bow"]);
const CROSSBOWS: ReadonlySet<MissileWeapon> = new Set(["crossbow", "heavy-crossbow"]);

function refuse(code: Parameters<typeof ruleError>[0], paragraph: string, text: string, unit: string) {
  return no<never>(ruleError(code, paragraph, text, unit));
}

/** Where the fire comes from: a gun's axle, a unit's front centre. */
export function firingPoint(ctx: Ctx, id: string, u: UnitState): Point {
  return traitsOf(ctx, id, u).arm === "guns" ? { x: u.x, y: u.y } : unitFront(ctx, id, u);
}

/** The target's point nearest the firing point, on the tick lattice (where the fire is measured and seen to). */
function aimPoint(from: Point, target: Polygon): Point {
  return roundedPoint(nearestPoints([from], target).onB);
}

function inArc(ctx: Ctx, id: string, u: UnitState, target: Polygon, at: Point): boolean {
  if (u.formation === "skirmish") return true;
  const apex = firingPoint(ctx, id, u);
  return [at, ...target].some((p) => inWedge(apex, u.facing, ARC, p, true));
}

/** What stands between: a unit's footprint (friends a contour lower may be fired over), a building, too much wood. */
function sightBlocked(
  ctx: Ctx,
  position: Position,
  firer: string,
  target: string,
  targetPoly: Polygon,
  a: Point,
  b: Point,
): { blocked: string } | { overFriends: boolean } {
  const fu = position.units[firer] as UnitState;
  const ft = traitsOf(ctx, firer, fu);
  const height = levelAt(ctx, a);
  let overFriends = false;
  for (const [id, o] of onTable(position)) {
    if (id === firer || id === target) continue;
    const poly = unitPolygon(ctx, id, o);
    if (!segmentMeetsInterior(a, b, poly, polygonOrientation(poly) > 0)) continue;
    // Firepower modifiers: "Artillery or infantry a contour higher than friendly troops may fire over their heads".
    const over = o.side === fu.side && ft.arm !== "horse" && height > levelAt(ctx, { x: o.x, y: o.y });
    if (!over) return { blocked: id };
    overFriends = true;
  }
  for (const area of ctx.areas) {
    if (area.kind === "building") {
      if (whollyIn(targetPoly, area) || whollyIn(unitPolygon(ctx, firer, fu), area)) continue;
      if (segmentMeetsInterior(a, b, area.polygon, polygonOrientation(area.polygon) > 0))
        return { blocked: area.name };
    }
    // "Visible to the crew": a hill higher than both ends of the line hides one from the other (a reading:
    // the text's contours let units fire over friends; they also stand between).
    if (area.kind === "hill" && (area.level ?? 1) > Math.max(height, levelAt(ctx, b))) {
      if (segmentMeetsInterior(a, b, area.polygon, polygonOrientation(area.polygon) > 0))
        return { blocked: area.name };
    }
    if (area.kind === "light-woods" || area.kind === "heavy-woods") {
      // "Visibility is 20" in Light Woods and 10" in Heavy woods."
      const span = spanInConvex(a, b, area.polygon);
      const v = ctx.rules.data.woods.visibility;
      if (span && !spanLengthWithin(a, b, span.t0, span.t1, area.kind === "light-woods" ? v.light : v.heavy))
        return { blocked: area.name };
    }
  }
  return { overFriends };
}

/** Cover and Armor: the cover the target has against fire from `from` (flanks and rear open behind a barrier). */
export function coverOf(
  ctx: Ctx,
  position: Position,
  tId: string,
  from: Point,
  at: Point,
  enfiladed: boolean,
  teamPoly?: Polygon,
): { cover?: Cover; building?: Area } {
  // A team is never in a building (horse-teams.ts); its own model takes the cover of the ground it stands on.
  const building = teamPoly ? undefined : buildingOf(ctx, position, tId);
  if (building?.cover) return { cover: building.cover, building };
  const poly = teamPoly ?? unitPolygon(ctx, tId, position.units[tId] as UnitState);
  const depth = ctx.rules.data.woods.protectionDepth;
  for (const area of ctx.areas) {
    if (area.kind === "heavy-woods" && deepInWood(poly, area, depth)) return { cover: "hard" };
    if (area.kind === "light-woods" && deepInWood(poly, area, depth)) return { cover: "light" };
  }
  if (enfiladed) return {};
  const within = ctx.rules.data.barriers.coverWithin;
  for (const l of ctx.linears) {
    if (l.kind === "stream") continue;
    for (let i = 0; i + 1 < l.line.length; i++) {
      const p = l.line[i] as Point;
      const q = l.line[i + 1] as Point;
      if (!segmentsIntersect(from, at, p, q)) continue;
      if (squaredGap([p, q], poly) <= within * within) return { cover: l.kind === "wall" ? "hard" : "light" };
    }
  }
  return {};
}

/** The standing building a unit is wholly inside (one with points left: a collapsed building covers no one). */
export function buildingOf(ctx: Ctx, position: Position, id: string): Area | undefined {
  const u = position.units[id];
  if (!u || u.gone) return undefined;
  const poly = unitPolygon(ctx, id, u);
  return ctx.areas.find(
    (a) => a.kind === "building" && (position.buildings[a.id] ?? 0) > 0 && whollyIn(poly, a),
  );
}

function weaponOf(missile: MissileWeapon | undefined, guns: boolean): Weapon {
  if (guns || !missile) return "artillery";
  if (BOWS.has(missile)) return "bow";
  if (CROSSBOWS.has(missile)) return "crossbow";
  return "firearm";
}

export function aim(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  hailshot: boolean,
  team = false,
): Out<Aim> {
  const u = position.units[id];
  const tu = position.units[targetId];
  if (!u || u.gone) return refuse("fire/no-unit", "The Game Turn", `there is no unit ${id} on the table`, id);
  if (!tu || tu.gone || tu.side === u.side)
    return refuse("fire/no-target", "The Game Turn", `${targetId} is no enemy on the table`, id);
  const t = traitsOf(ctx, id, u);
  const tt = traitsOf(ctx, targetId, tu);
  const guns = t.arm === "guns";
  if (!guns && !t.missile) return refuse("fire/no-missile", "Firearms", "the unit has no missile weapon", id);
  if (hailshot && !guns) return refuse("fire/no-missile", "Artillery", "only guns fire hailshot", id);
  if (u.muddle > 0) return refuse("fire/muddled", "Formations", "a muddled unit may not fire", id);
  if (meleeOf(position, id))
    return refuse("fire/in-melee", "Melee", "a unit in melee fights, it does not fire", id);
  const teamPoly = team ? teamPolygon(ctx, tu) : undefined;
  if (team && !teamPoly)
    return refuse("fire/no-team", "Artillery", `${targetId} has no horse team on the table`, id);
  // A team is not in its gun's melee: fire at it is fire at a model standing clear.
  const fighting = team ? undefined : meleeOf(position, targetId);
  if (fighting) {
    const reach = ctx.rules.data.fire.reactiveWithin;
    const firerPoly = unitPolygon(ctx, id, u);
    const friendNear = opponentsIn(fighting, targetId).some((f) => {
      const fu = position.units[f];
      return fu && !fu.gone && squaredGap(firerPoly, unitPolygon(ctx, f, fu)) <= reach * reach;
    });
    if (!friendNear)
      return refuse(
        "fire/into-melee",
        "Firing First",
        `${targetId} is in melee: only units within 4" of the friend it attacks fire at it`,
        id,
      );
    if (hailshot)
      return refuse(
        "fire/hailshot-reactive",
        "Firing First",
        "artillery can't fire hailshot at an enemy attacking friends",
        id,
      );
  }
  const targetPoly = teamPoly ?? unitPolygon(ctx, targetId, tu);
  const from = firingPoint(ctx, id, u);
  const at = aimPoint(from, targetPoly);
  if (!inArc(ctx, id, u, targetPoly, at))
    return refuse("fire/arc", "Firearms", `${targetId} is not within 45⁰ left or right of its front`, id);
  const sight = sightBlocked(ctx, position, id, targetId, targetPoly, from, at);
  if ("blocked" in sight)
    return refuse("fire/no-sight", "Artillery", `${sight.blocked} blocks the view of ${targetId}`, id);
  const zone = zoneOf(baseCorners(poseOf(tu), unitSize(ctx, targetId, tu)), from, "flank");
  // Neither guns nor their teams are enfiladed (the text's enfilade is of formed troops' flanks).
  const enfiladed =
    tt.arm !== "guns" &&
    tu.formation !== "hedgehog" &&
    (zone === "left" || zone === "right" || zone === "rear");
  const weapon = weaponOf(t.missile, guns);
  const cover = coverOf(ctx, position, targetId, from, at, enfiladed, teamPoly);
  const df = defenceFactor(
    ctx.rules.data,
    { ...(cover.cover ? { cover: cover.cover } : {}), ...(team ? {} : { armour: tt.armour }) },
    weapon,
  );
  const building = guns && !hailshot && cover.building ? { building: cover.building.id } : {};
  if (guns) {
    const d2 = squaredGapFromPoint(from, targetPoly);
    const slope =
      levelAt(ctx, from) > levelAt(ctx, at) ? "down" : levelAt(ctx, from) < levelAt(ctx, at) ? "up" : "level";
    const battery = {
      gun: t.gun ?? "falcon",
      unitClass: t.class,
      points: u.strength,
      limbered: u.formation === "limbered",
      hailshot,
      overFriends: sight.overFriends,
      slope,
      // "Artillery firing at other artillery": the team is not the guns (no -5, no d% for the guns).
      atArtillery: tt.arm === "guns" && !team,
    } as const;
    // The refusals do not depend on the die: the strike with any d10 is this one with that d10.
    const probe = gunStrike(ctx.rules.data, battery, { enfiladed, d2 }, 1, id);
    if (!probe.ok) return probe;
    return yes({
      strike: (d10) => ({ ...probe.value, d10 }),
      df,
      weapon,
      atGuns: tt.arm === "guns" && !team,
      hailshot,
      ...building,
    });
  }
  const missile = t.missile as MissileWeapon;
  const range = ctx.rules.data.smallArms[missile];
  let figures: number;
  let d2: number;
  const moving = u.stirred;
  if (u.formation === "skirmish") {
    const stands = standCentres(ctx, id, u).map((s) => ({
      ...s,
      d2: squaredGapFromPoint(s.centre, targetPoly),
    }));
    const inRange = stands.filter((s) => s.d2 <= range * range);
    figures = inRange.reduce((n, s) => n + s.figures, 0);
    d2 = Math.min(...stands.map((s) => s.d2));
  } else {
    const heavyBows = missile === "longbow" && !moving;
    figures = firingFigures(ranksOf(ctx, id, u), heavyBows ? "first-and-half-second" : "first-rank");
    d2 = squaredGap(unitPolygon(ctx, id, u), targetPoly);
  }
  const firers: Firers = {
    weapon: missile,
    unitClass: t.class,
    figures,
    order: u.formation === "skirmish" ? "skirmish" : "formed",
    moving,
    disordered: u.disordered,
    muddled: u.muddle > 0,
    swedish: t.swedish,
    reloading: u.reload > 0 || (missile === "pistol" && u.pistols >= ctx.rules.data.fire.pistols),
  };
  const probe = missileStrike(ctx.rules.data, firers, { enfiladed, d2 }, 1, id);
  if (!probe.ok) return probe;
  return yes({
    strike: (d10: number) => ({ ...probe.value, d10 }),
    df,
    weapon,
    atGuns: false,
    hailshot: false,
  });
}
