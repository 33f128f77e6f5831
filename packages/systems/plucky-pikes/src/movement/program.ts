import {
  applyOp,
  convexCrossesPolyline,
  type Point,
  polygonOverlapsInterior,
  rotationSweep,
  scaledDirection,
  translationSweep,
} from "@tercio/geometry";
import type { MoveAction, MoveOp } from "../actions.js";
import type { Ctx, UnitTraits } from "../context.js";
import type { GameEvent } from "../events.js";
import {
  centreKeepingFront,
  poseOf,
  sizeInFormation,
  traitsOf,
  unitPolygon,
  unitSize,
} from "../footprint.js";
import { formationsOf } from "../formations.js";
import { add, compare, type Fraction, fraction, ONE, times, ZERO } from "../fraction.js";
import { defaultTeamPlace, teamMayLimber, teamPlaceError } from "../horse-teams.js";
import { meleeOf } from "../melee/melees.js";
import type { Position, UnitState } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { inAreaKind, insideTable, overlapping, whollyIn } from "../table.js";
import { mayChargeOrRunNow, moveRate } from "./rates.js";

/**
 * Movement: a unit's move as a program of activities, checked exactly and
 * applied in one go. What it costs is counted as a part of the move: an
 * advance its length over the Movement Table's rate (at the terrain's
 * fraction of the rate where it enters woods or wades a stream), each other
 * activity its URTs ("1 URT ... an elite unit takes 1/3 move while a line
 * unit takes ½ move", the URT Table). The parts must not pass the whole
 * move, or half again for a run. A pivot of less than a whole URT's angle
 * costs its share of the URT (research A1-3's reading, pro rata).
 */

interface Walk {
  u: UnitState;
  used: Fraction;
  waded: boolean;
  enteredWoods: boolean;
  still: boolean;
  stillOnly: boolean;
}

const STILL_OPS: ReadonlySet<MoveOp["op"]> = new Set(["reorganise", "reload", "untangle"]);

function refuse(code: Parameters<typeof ruleError>[0], paragraph: string, text: string, unit: string) {
  return no<never>(ruleError(code, paragraph, text, unit));
}

function urts(ctx: Ctx, t: UnitTraits, n: number): Fraction {
  return times(fraction(n), ctx.rules.data.classes[t.class].urt);
}

/** Where a motion would put the unit's footprint: clear of every other unit and on the table. */
function clear(ctx: Ctx, position: Position, id: string, sweep: Point[], after: UnitState): Out<true> {
  const other = overlapping(ctx, position, sweep, new Set([id]));
  if (other !== undefined) {
    const enemy = position.units[other]?.side !== after.side;
    return enemy
      ? refuse(
          "move/enemy-in-way",
          "Melee",
          `${other} is in the way: a unit touches an enemy only by engaging it`,
          id,
        )
      : refuse(
          "move/friend-in-way",
          "Formations",
          `${other} is in the way: a unit may not move into a friendly unit`,
          id,
        );
  }
  if (!insideTable(ctx, unitPolygon(ctx, id, after)))
    return refuse("move/off-table", "Movement", "the move would leave the table", id);
  // A unit stands wholly inside a building or clear of it, and does not pass through one.
  const before = position.units[id] as UnitState;
  const end = unitPolygon(ctx, id, after);
  for (const b of ctx.areas) {
    if (b.kind !== "building") continue;
    const endIn = whollyIn(end, b);
    const straddles = polygonOverlapsInterior(b.polygon, end) && !endIn;
    const through =
      polygonOverlapsInterior(b.polygon, sweep) && !endIn && !whollyIn(unitPolygon(ctx, id, before), b);
    if (straddles || through)
      return refuse(
        "move/building",
        "Cover and Armor",
        `a unit stands wholly inside ${b.name} or clear of it`,
        id,
      );
  }
  return yes(true);
}

function step(ctx: Ctx, position: Position, id: string, w: Walk, op: MoveOp): Out<true> {
  // A unit that dismounts or mounts in this move is what it has become for the rest of it.
  const t = traitsOf(ctx, id, w.u);
  const u = w.u;
  const d = ctx.rules.data;
  if (u.muddle > 0 && op.op !== "untangle")
    return refuse("move/muddled", "Formations", "a muddled unit must untangle first (3 URTs)", id);
  // Placing the team is not the gun's moving: it may still fire as stationary.
  if (STILL_OPS.has(op.op)) w.stillOnly = true;
  else if (op.op !== "team") w.still = false;
  switch (op.op) {
    case "advance": {
      const rate = moveRate(ctx, t, u.formation);
      if (rate === 0)
        return refuse(
          "move/cannot-advance",
          t.arm === "guns" ? "Artillery" : "Formations",
          `a unit in ${u.formation} order does not move`,
          id,
        );
      if (u.level !== "steady" && u.level !== "shaken")
        return refuse("move/broken", "Effectiveness", "a broken unit may not advance", id);
      const before = unitPolygon(ctx, id, u);
      const v = scaledDirection(u.facing, op.ticks);
      const after: UnitState = { ...u, x: u.x + v.x, y: u.y + v.y };
      const sweep = translationSweep(before, v);
      const ok = clear(ctx, position, id, sweep, after);
      if (!ok.ok) return ok;
      const heavy = inAreaKind(ctx, sweep, "heavy-woods");
      if (heavy && u.formation !== "skirmish")
        return refuse(
          "move/heavy-woods",
          "Movement",
          `only skirmishers enter ${heavy.name} (heavy woods)`,
          id,
        );
      const light = inAreaKind(ctx, sweep, "light-woods");
      const waded = ctx.linears.some((l) => l.kind === "stream" && crosses(sweep, l.line));
      const terrain = d.movement.terrain;
      let share = ONE;
      if (heavy) share = terrain.heavyWoods;
      else if (light) share = terrain.lightWoods;
      if (waded && compare(terrain.stream, share) < 0) share = terrain.stream;
      // An advance of `ticks` costs ticks / (rate × share) of the move.
      w.used = add(w.used, fraction(op.ticks * share.den, rate * share.num));
      w.waded ||= waded;
      w.enteredWoods ||= Boolean(light);
      // The URT Table: entering or leaving a building takes a URT (reconstructed, T-2).
      const inside = (v: UnitState) =>
        ctx.areas.some((a) => a.kind === "building" && whollyIn(unitPolygon(ctx, id, v), a));
      if (inside(u) !== inside(after)) w.used = add(w.used, urts(ctx, t, d.urt.enterOrLeaveBuilding));
      w.u = { ...after, travelled: u.travelled + op.ticks };
      return yes(true);
    }
    case "pivot": {
      if (u.formation === "hedgehog" || u.formation === "skirmish" || u.formation === "unlimbered")
        return refuse(
          "move/no-pivot",
          "Movement",
          `a unit in ${u.formation} order faces, it does not pivot`,
          id,
        );
      const degrees = t.brigade ? d.pivot.brigade : d.pivot.battalion;
      // Pro rata: |cdeg| / (degrees per URT) of a URT.
      w.used = add(w.used, times(urts(ctx, t, d.urt.pivot), fraction(Math.abs(op.cdeg), degrees * 100)));
      // A left end pinned swings the right end: forward turns the unit left (anticlockwise, negative).
      const kc = op.end === "left" ? -op.cdeg : op.cdeg;
      const size = unitSize(ctx, id, u);
      const next = applyOp(poseOf(u), size, { op: "wheel", corner: op.end, cdeg: kc });
      const corners = unitPolygon(ctx, id, u);
      const pin = op.end === "left" ? (corners[1] as Point) : (corners[0] as Point);
      const after: UnitState = { ...u, ...next.pose };
      const ok = clear(ctx, position, id, rotationSweep(corners, pin, u.facing, u.facing + kc), after);
      if (!ok.ok) return ok;
      w.u = after;
      return yes(true);
    }
    case "face": {
      w.used = add(w.used, urts(ctx, t, d.urt.aboutFace));
      const c = op.to === "about" ? 18000 : op.to === "left" ? -9000 : 9000;
      const size = unitSize(ctx, id, u);
      const next = applyOp(poseOf(u), size, { op: "pivot", cdeg: c });
      const after: UnitState = { ...u, ...next.pose };
      const sweep = rotationSweep(unitPolygon(ctx, id, u), { x: u.x, y: u.y }, u.facing, u.facing + c);
      const ok = clear(ctx, position, id, sweep, after);
      if (!ok.ok) return ok;
      w.u = after;
      return yes(true);
    }
    case "form": {
      if (t.arm === "guns" || !formationsOf(t).includes(op.formation))
        return refuse("move/formation", "Formations", `${t.name} does not form ${op.formation} order`, id);
      if (op.formation === u.formation)
        return refuse("move/formation", "Formations", `it is already in ${op.formation} order`, id);
      const hedgehog = op.formation === "hedgehog" || u.formation === "hedgehog";
      w.used = add(w.used, urts(ctx, t, hedgehog ? d.urt.formOrLeaveHedgehog : d.urt.changeFormation));
      const centre = centreKeepingFront(
        poseOf(u),
        unitSize(ctx, id, u),
        sizeInFormation(ctx, id, u, op.formation),
      );
      const after: UnitState = { ...u, ...centre, formation: op.formation, formedWith: u.strength };
      const ok = clear(ctx, position, id, unitPolygon(ctx, id, after), after);
      if (!ok.ok) return ok;
      w.u = after;
      return yes(true);
    }
    case "reorganise":
      if (!u.disordered)
        return refuse("move/not-disordered", "Formations", "only a disordered unit reorganizes", id);
      w.used = add(w.used, urts(ctx, t, d.urt.reorganise));
      w.u = { ...u, disordered: false };
      return yes(true);
    case "reload": {
      if (u.reload === 0 && u.pistols === 0) return refuse("move/loaded", "Firearms", "it is loaded", id);
      w.used = add(w.used, urts(ctx, t, 1));
      w.u = u.reload > 0 ? { ...u, reload: u.reload - 1 } : { ...u, pistols: u.pistols - 1 };
      return yes(true);
    }
    case "untangle":
      if (u.muddle === 0) return refuse("move/not-muddled", "Formations", "it is not muddled", id);
      w.used = add(w.used, urts(ctx, t, 1));
      w.u = { ...u, muddle: u.muddle - 1 };
      return yes(true);
    case "limber":
    case "unlimber": {
      if (t.arm !== "guns") return refuse("move/not-guns", "Artillery", "only guns limber and unlimber", id);
      const want = op.op === "limber" ? "limbered" : "unlimbered";
      if (u.formation === want)
        return refuse("move/formation", "Artillery", `the guns are already ${want}`, id);
      if (want === "limbered") {
        const team = teamMayLimber(ctx, id, u);
        if (!team.ok) return team;
      }
      const light = t.gun === "falcon" || t.gun === "saker";
      w.used = add(w.used, urts(ctx, t, light ? d.urt.limberLight : d.urt.limberHeavy));
      // The team goes onto the stand to limber, and out behind the gun as it unlimbers (the player may place it anew).
      const placed: UnitState = { ...u, formation: want };
      const team = u.team
        ? want === "limbered"
          ? { points: u.team.points }
          : { ...u.team, at: defaultTeamPlace(ctx, position, id, placed) }
        : undefined;
      w.u = team ? { ...placed, team } : placed;
      return yes(true);
    }
    case "team": {
      if (t.arm !== "guns" || !u.team)
        return refuse("move/not-guns", "Artillery", "only a gun's horse team is placed", id);
      if (u.formation !== "unlimbered")
        return refuse("move/team", "Artillery", "a limbered gun's team is on its stand", id);
      if (u.team.points === 0)
        return refuse("move/team-lost", "Defense Values", "the horse team is lost", id);
      const at = { x: op.x, y: op.y };
      const fits = teamPlaceError(ctx, position, id, u, at);
      if (!fits.ok) return fits;
      w.u = { ...u, team: { ...u.team, at } };
      return yes(true);
    }
    case "dismount":
    case "mount": {
      // Only Asian horse archers: "If they dismount they fire as regular bowmen."
      if (ctx.units[id]?.missile !== "horse-bow")
        return refuse(
          "move/not-horse-archers",
          "Bows & Crossbows",
          "only horse archers dismount and mount",
          id,
        );
      const down = op.op === "dismount";
      if (u.dismounted === down)
        return refuse(
          "move/formation",
          "Bows & Crossbows",
          `it is already ${down ? "on foot" : "mounted"}`,
          id,
        );
      w.used = add(w.used, urts(ctx, t, d.urt.mountOrDismount));
      // On foot as bowmen in open order, mounted in open order; the front edge stays where it was.
      const next: UnitState = { ...u, dismounted: down, formation: "open", formedWith: u.strength };
      const centre = centreKeepingFront(poseOf(u), unitSize(ctx, id, u), unitSize(ctx, id, next));
      const after: UnitState = { ...next, ...centre };
      const ok = clear(ctx, position, id, unitPolygon(ctx, id, after), after);
      if (!ok.ok) return ok;
      w.u = after;
      return yes(true);
    }
  }
}

function crosses(sweep: Point[], line: readonly Point[]): boolean {
  return convexCrossesPolyline(sweep, line);
}

/** The checks every move shares: the unit is the mover's, on the table, free to move this turn. */
export function mayMove(position: Position, id: string): Out<UnitState> {
  const u = position.units[id];
  if (!u) return refuse("move/no-unit", "Movement", `there is no unit ${id}`, id);
  if (u.side !== position.toMove || (position.part !== "move-1" && position.part !== "move-2"))
    return refuse("move/not-your-move", "The Game Turn", "it is not this side's move", id);
  if (u.gone) return refuse("move/gone", "Effectiveness", "the unit has left the table", id);
  if (u.moved) return refuse("move/moved", "Movement", "the unit has had its move this turn", id);
  return yes(u);
}

export function move(
  ctx: Ctx,
  position: Position,
  action: MoveAction,
): Out<{ position: Position; events: GameEvent[] }> {
  const id = action.unit;
  const may = mayMove(position, id);
  if (!may.ok) return may;
  const u = may.value;
  const t = traitsOf(ctx, id, u);
  const fighting = meleeOf(position, id);
  if (fighting && action.program.some((op) => op.op !== "untangle"))
    return refuse("move/in-melee", "Melee", "a unit in melee stays in it (it may sort out a muddle)", id);
  if (action.run) {
    if (u.formation !== "skirmish" || t.arm === "guns")
      return refuse(
        "move/run",
        "Movement",
        "only light infantry and light cavalry in skirmish formation run",
        id,
      );
    if (!mayChargeOrRunNow(ctx, u, position.turn))
      return refuse("move/run", "Movement", "a unit runs only every 4th move", id);
  }
  const w: Walk = { u, used: ZERO, waded: false, enteredWoods: false, still: true, stillOnly: false };
  for (const op of action.program) {
    const s = step(ctx, position, id, w, op);
    if (!s.ok) return s;
  }
  if (w.stillOnly && !w.still)
    return refuse(
      "move/not-still",
      "Formations",
      "reorganizing, reloading and untangling take URTs without moving",
      id,
    );
  const limit = action.run ? ctx.rules.data.movement.chargeOrRun : ONE;
  if (compare(w.used, limit) > 0)
    return refuse(
      "move/too-far",
      "Movement",
      `the move needs ${w.used.num}/${w.used.den} of a move, more than ${limit.num}/${limit.den}`,
      id,
    );
  const formedInWoods =
    w.enteredWoods && (w.u.formation === "pike" || w.u.formation === "open" || w.u.formation === "close");
  const after: UnitState = {
    ...w.u,
    moved: true,
    stirred: !w.still,
    used: Math.ceil((w.used.num * 1000) / w.used.den),
    // Formations: "A unit is disordered when it has just waded a stream" (and, T-3, formed troops in light woods).
    disordered: w.u.disordered || w.waded || formedInWoods,
    ...(action.run ? { chargedOn: position.turn } : {}),
  };
  const events: GameEvent[] = [
    {
      type: "moved",
      unit: id,
      what: action.program.map((op) => (op.op === "team" ? "team placed" : op.op)).join(", "),
      spent: after.used,
    },
  ];
  return yes({ position: { ...position, units: { ...position.units, [id]: after } }, events });
}
