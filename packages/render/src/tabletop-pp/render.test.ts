import {
  type Ctx,
  officerPoint,
  type Position,
  pluckyPikesSystem as pp,
  ranksOf,
  teamPolygon,
  type UnitState,
  unitPolygon,
} from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { esc } from "../svg.js";
import { INCH, ppOpened, ppPlay, smallTable } from "../test-support/plucky-pikes.js";
import { count, pointsAfter, pointsOf, wellFormed } from "../test-support/svg.js";
import { unitPicture } from "./figures.js";
import { renderPpTable } from "./render.js";

/** The markup of the element group opened by `marker` (e.g. data-unit="B3"), up to its closing tag. */
function groupOf(svg: string, marker: string): string {
  const at = svg.indexOf(marker);
  expect(at, `no ${marker}`).toBeGreaterThanOrEqual(0);
  const start = svg.lastIndexOf("<g", at);
  let depth = 0;
  const tag = /<(\/?)g[\s>]/g;
  tag.lastIndex = start;
  for (let m = tag.exec(svg); m !== null; m = tag.exec(svg)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return svg.slice(start, tag.lastIndex);
  }
  throw new Error(`${marker} is not closed`);
}

const withUnit = (position: Position, id: string, change: Partial<UnitState>): Position => ({
  ...position,
  units: { ...position.units, [id]: { ...(position.units[id] as UnitState), ...change } },
});

const strip = (p: readonly { x: number; y: number }[]) => p.map(({ x, y }) => ({ x, y }));

describe("the 001 table as SVG: a small table, worked by hand from the basing (B-1)", () => {
  const { ctx, position } = smallTable();
  const svg = renderPpTable(ctx, position);

  it('[001 Preliminaries] draws 16 pikes 4 ranks of 4 on a 2" by 2" footprint, every figure on its place', () => {
    // Foot figures are 1/2" wide and 1/2" deep a rank (B-1): the pike block at (12", 10") facing north.
    expect(pointsAfter(svg, 'data-unit="P1"')).toEqual([
      { x: 13 * INCH, y: 11 * INCH },
      { x: 11 * INCH, y: 11 * INCH },
      { x: 11 * INCH, y: 9 * INCH },
      { x: 13 * INCH, y: 9 * INCH },
    ]);
    const unit = groupOf(svg, 'data-unit="P1"');
    const centres = [...unit.matchAll(/<circle class="figure" [^>]*cx="(\d+)" cy="(\d+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
    }));
    // Files every 1/2" from 11.25" to 12.75", ranks every 1/2" from 10.75" (the front) back to 9.25".
    const expected = [10.75, 10.25, 9.75, 9.25].flatMap((y) =>
      [11.25, 11.75, 12.25, 12.75].map((x) => ({ x: x * INCH, y: y * INCH })),
    );
    expect(centres).toEqual(expected);
    expect(count(unit, 'class="stand"')).toBe(4); // four figures a stand, two ranks deep: 2 by 2 stands
    expect(unit).toContain('data-figures="16" data-empty="0"');
  });

  it('[001 Artillery] draws the saker\'s horse team 3" behind it: 1" by 2", facing as the gun does', () => {
    // Deployed unlimbered, the team stands behind the gun: half the gun's 2" depth and the team's 2" depth away.
    expect(pointsAfter(groupOf(svg, 'data-team="G1"'), 'class="team-base"')).toEqual([
      { x: 20.5 * INCH, y: 8 * INCH },
      { x: 19.5 * INCH, y: 8 * INCH },
      { x: 19.5 * INCH, y: 6 * INCH },
      { x: 20.5 * INCH, y: 6 * INCH },
    ]);
    const team = groupOf(svg, 'data-team="G1"');
    expect(team).toContain(`data-points="3" data-x="${20 * INCH}" data-y="${7 * INCH}"`);
    // The tether runs from the gun's centre to the team's.
    expect(pointsAfter(team, 'class="tether"')).toEqual([
      { x: 20 * INCH, y: 10 * INCH },
      { x: 20 * INCH, y: 7 * INCH },
    ]);
    expect(svg).toContain(">G1 team 3 pts</text>");
    const gun = groupOf(svg, 'data-unit="G1"');
    expect(gun).toContain('data-arm="guns" data-formation="unlimbered" data-strength="9"');
    expect(count(gun, 'class="figure"')).toBe(9); // its points as pips
    expect(gun.includes("limber-team")).toBe(false);
    expect(svg).toContain(">9 pts · steady · unlimbered</text>");
  });

  it("[001 Leadership] draws the general's 1\" stand touching the middle of the pikes' rear, the staff officer alone", () => {
    const stand = pointsOf(
      /points="([^"]*)"/.exec(groupOf(svg, 'data-officer="gen"').slice(0))?.[1] as string,
    );
    expect(stand).toEqual([
      { x: 12.5 * INCH, y: 9 * INCH },
      { x: 11.5 * INCH, y: 9 * INCH },
      { x: 11.5 * INCH, y: 8 * INCH },
      { x: 12.5 * INCH, y: 8 * INCH },
    ]);
    expect(groupOf(svg, 'data-officer="gen"')).toContain('data-rank="general" data-with="P1"');
    const aide = groupOf(svg, 'data-officer="aide"');
    expect(aide).toContain(`data-rank="staff" data-x="${30 * INCH}" data-y="${32 * INCH}"`);
    expect(pointsOf(/points="([^"]*)"/.exec(aide)?.[1] as string)).toEqual([
      { x: 30.5 * INCH, y: 32.5 * INCH },
      { x: 29.5 * INCH, y: 32.5 * INCH },
      { x: 29.5 * INCH, y: 31.5 * INCH },
      { x: 30.5 * INCH, y: 31.5 * INCH },
    ]);
    expect(svg).toContain(">General Red</text>");
  });

  it("[001 Cover and Armor] draws the terrain as the scenario's own points: the barn with its points, the hill's level", () => {
    for (const a of ctx.areas) expect(pointsAfter(svg, `data-terrain="${a.id}"`)).toEqual(a.polygon);
    for (const l of ctx.linears) expect(pointsAfter(svg, `data-linear="${l.id}"`)).toEqual(l.line);
    expect(svg).toContain('data-terrain="barn" class="tt-building"');
    expect(svg).toContain('data-points="10" data-full="10"');
    expect(svg).toContain(">Barn (10 of 10 pts)</text>");
    expect(svg).toContain(">Rise (level 2)</text>");
    expect(count(groupOf(svg, 'id="terrain"'), 'class="contour"')).toBe(1);
    const hit = renderPpTable(ctx, { ...position, buildings: { barn: 4 } });
    expect(hit).toContain(">Barn (4 of 10 pts)</text>");
    const down = renderPpTable(ctx, { ...position, buildings: { barn: 0 } });
    expect(down).toContain(">Barn (collapsed)</text>");
  });

  it("[001 Victory Points] draws the objective with its ring and its points", () => {
    expect(groupOf(svg, 'data-objective="cross"')).toContain(`r="${ctx.rules.data.objectives.holdWithin}"`);
    expect(svg).toContain(">Crossroads: 2 VP</text>");
  });

  it("[001 Firearms] stands skirmishers apart: each stand's figures on it, gaps between the stands", () => {
    const u = position.units.S1 as UnitState;
    const pic = unitPicture(ctx, "S1", u);
    expect(pic.stands).toHaveLength(2);
    const [first, second] = pic.stands;
    // The first stand's right edge short of the second's left edge.
    expect((first?.[1] ?? 1) < (second?.[0] ?? 0)).toBe(true);
    for (const p of pic.places) {
      const on = pic.stands.filter(([l, r]) => p.across > l && p.across < r);
      expect(on).toHaveLength(1);
    }
  });

  it("is the same bytes for the same position", () => {
    expect(renderPpTable(ctx, structuredClone(position))).toBe(svg);
  });
});

describe("the 001 table as SVG: scenarios", () => {
  const { ctx, position } = ppOpened("morat-palisade");
  const svg = renderPpTable(ctx, position);

  it("is a well-formed document in ticks, north up, with every unit's footprint, name, figures and level", () => {
    expect(svg.startsWith("<svg")).toBe(true);
    expect(wellFormed(svg)).toBeGreaterThan(500);
    expect(svg).toContain(`transform="matrix(1 0 0 -1 0 ${ctx.table.height})"`);
    expect(svg).toContain("Plucky Pikes and Stalwart Shot (001) — The Grünhag at Morat (1476)");
    expect(svg).toContain("Turn 1 of 10");
    for (const [id, u] of Object.entries(position.units)) {
      expect(count(svg, `data-unit="${id}"`)).toBe(1);
      expect(strip(pointsAfter(svg, `data-unit="${id}"`))).toEqual(strip(unitPolygon(ctx, id, u)));
      expect(svg).toContain(`>${esc(`${id} ${ctx.units[id]?.name}`)}</text>`);
      const unit = groupOf(svg, `data-unit="${id}"`);
      expect(count(unit, 'class="front"')).toBe(1);
      expect(count(unit, 'class="facing"')).toBe(1);
      if (ctx.units[id]?.arm !== "guns")
        expect(count(unit, 'class="figure"')).toBe(ranksOf(ctx, id, u).reduce((a, b) => a + b, 0));
    }
    expect(svg).toContain(">24 fig. · steady</text>");
  });

  it("[001 Artillery] draws each unlimbered gun's team at team.at, the engine's polygon, and its points", () => {
    const guns = Object.keys(position.units).filter((id) => ctx.units[id]?.arm === "guns");
    expect(guns).toEqual(["B4", "B7"]);
    for (const id of guns) {
      const u = position.units[id] as UnitState;
      expect(u.team?.at).toBeDefined();
      expect(strip(pointsAfter(groupOf(svg, `data-team="${id}"`), 'class="team-base"'))).toEqual(
        strip(teamPolygon(ctx, u) as { x: number; y: number }[]),
      );
      expect(svg).toContain(`>${id} team ${u.team?.points} pts</text>`);
    }
  });

  it("[001 Artillery] unlimbering a gun through the engine puts its team on the table; a lost team is not drawn", () => {
    const { ctx: c, position: opening } = ppOpened("cerignola-trenches");
    expect(opening.units.F7?.formation).toBe("limbered");
    const limbered = renderPpTable(c, opening);
    expect(limbered.includes('data-team="F7"')).toBe(false);
    expect(groupOf(limbered, 'data-unit="F7"')).toContain('class="limber-team"');
    const their: Position = { ...opening, part: "move-1", first: "second", toMove: "second" };
    const after = ppPlay(c, their, { type: "move", unit: "F7", program: [{ op: "unlimber" }] });
    const gun = after.units.F7 as UnitState;
    expect(gun.team?.at).toBeDefined();
    const drawn = renderPpTable(c, after);
    expect(strip(pointsAfter(groupOf(drawn, 'data-team="F7"'), 'class="team-base"'))).toEqual(
      strip(teamPolygon(c, gun) as { x: number; y: number }[]),
    );
    expect(groupOf(drawn, 'data-unit="F7"').includes("limber-team")).toBe(false);
    expect(drawn).toContain(">F7 team 3 pts</text>");
    const lost = renderPpTable(c, withUnit(after, "F7", { team: { points: 0 } }));
    expect(lost.includes('data-team="F7"')).toBe(false);
    const gone = renderPpTable(c, withUnit(after, "F7", { gone: "destroyed" }));
    expect(gone.includes('data-team="F7"')).toBe(false);
  });

  it("[001 Leadership] draws every officer's stand behind his unit, and not a lost one", () => {
    for (const [id, o] of Object.entries(position.officers)) {
      const g = groupOf(svg, `data-officer="${id}"`);
      const p = officerPoint(ctx, position, o);
      expect(g).toContain(`data-x="${p.x}" data-y="${p.y}"`);
      const [fr, fl] = pointsOf(/points="([^"]*)"/.exec(g)?.[1] as string);
      // The stand's front edge runs through the engine's point, the middle of the unit's rear.
      expect(Math.abs(((fr?.x ?? 0) + (fl?.x ?? 0)) / 2 - p.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(((fr?.y ?? 0) + (fl?.y ?? 0)) / 2 - p.y)).toBeLessThanOrEqual(1);
    }
    expect(groupOf(svg, 'data-officer="charles"')).toContain('data-rank="commanding-general"');
    const lost = renderPpTable(ctx, {
      ...position,
      officers: {
        ...position.officers,
        charles: { ...(position.officers.charles as Position["officers"][string]), lost: true },
      },
    });
    expect(lost.includes('data-officer="charles"')).toBe(false);
    expect(lost).toContain("officers lost: Charles the Bold");
  });

  it("[001 Effectiveness] marks casualties, levels, disorder and muddle, and leaves units gone off the table", () => {
    const u = position.units.B3 as UnitState;
    const hurt = withUnit(
      withUnit(position, "B3", { strength: u.strength - 5, level: "shaken", disordered: true, muddle: 2 }),
      "C5",
      { gone: "routed" },
    );
    const drawn = renderPpTable(ctx, hurt);
    const b3 = groupOf(drawn, 'data-unit="B3"');
    expect(b3).toContain(`data-figures="${u.strength - 5}" data-empty="5"`);
    expect(count(b3, 'class="casualty"')).toBe(5);
    expect(b3).toContain('data-disordered="true" data-muddle="2"');
    expect(b3).toContain('class="disordered"');
    expect(b3).toContain('class="muddled"');
    expect(drawn).toContain(">19 fig. · shaken · D · M2</text>");
    expect(drawn.includes('data-unit="C5"')).toBe(false);
    expect(drawn).toContain("off the table: C5 Forlorn hope of handgunners (routed)");
  });

  it("draws the melees and the declared fire the position records", () => {
    const p: Position = {
      ...position,
      melees: [
        {
          id: "m1",
          attackers: ["C1"],
          defenders: ["B1"],
          round: 1,
          struck: "front",
          charges: {},
          joined: [],
          fatigue: {},
        },
      ],
      fire: [{ unit: "B4", target: "C5", hailshot: false }],
    };
    const drawn = renderPpTable(ctx, p);
    wellFormed(drawn);
    expect(drawn).toContain('data-melee="m1" data-round="1" data-struck="front"');
    expect(drawn).toContain('data-fire="B4&gt;C5"');
  });

  it("draws every scenario's opening and a random table, deterministically", () => {
    for (const s of pp.scenarios()) {
      const { ctx: c, position: p } = ppOpened(s.id);
      const a = renderPpTable(c, p);
      wellFormed(a);
      expect(renderPpTable(c, p)).toBe(a);
      for (const area of c.areas) expect(pointsAfter(a, `data-terrain="${area.id}"`)).toEqual(area.polygon);
      for (const l of c.linears) expect(a).toContain(`data-linear="${l.id}"`);
      expect(count(a, "data-objective=")).toBe(c.objectives.length);
      const officers = Object.values(p.officers).filter((o) => !o.lost).length;
      expect(count(a, "data-officer=")).toBe(officers);
    }
  });

  it("is the same bytes for the same position, and for the position read back from its file", () => {
    expect(renderPpTable(ctx, position)).toBe(svg);
    const read = pp.parsePosition(JSON.parse(JSON.stringify(pp.makePosition(position))));
    if (!read.ok) throw new Error(read.error.message);
    expect(renderPpTable(read.value.ctx, read.value.position)).toBe(svg);
  });

  it("draws the table alone, without a position: terrain and objectives, no units", () => {
    const bare = renderPpTable(ctx as Ctx);
    wellFormed(bare);
    expect(bare.includes("data-unit=")).toBe(false);
    expect(bare).toContain("data-objective=");
    expect(bare).toContain("Burgundian Wars, 1476; 10 turns");
  });
});
