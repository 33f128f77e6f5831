import {
  applyOp,
  baseCorners,
  basePolygon,
  closedZones,
  convexWithin,
  firstContact,
  translatePolygon,
  translationSweep,
} from "@tercio/geometry";
import {
  type FlattenData,
  flattenContacts,
  flattenData,
  flattenDistances,
  flattenMoves,
  flattenWithin,
  flattenZones,
  toFlatten,
} from "./geometry-flatten.js";
import { oursContacts, oursDistances, oursMoves, oursWithin, oursZones } from "./geometry-ours.js";
import {
  FULL_GEOMETRY,
  type GeometrySizes,
  type GeometryWorkload,
  geometryWorkload,
  QUICK_GEOMETRY,
} from "./geometry-workload.js";
import { timeOps } from "./micro.js";
import { formatNumber, table } from "./table.js";

/**
 * Tercio's geometry kernel against @flatten-js/core on the same seeded
 * work: answers compared first (a disagreement away from a boundary throws),
 * then each side timed with tinybench (micro.ts).
 */

export interface GeometryFigure {
  readonly name: string;
  /** Queries per timed call. */
  readonly ops: number;
  readonly oursNsPerOp: number;
  readonly flattenNsPerOp: number;
  /** flatten's time over ours. */
  readonly ratio: number;
  readonly queries: number;
  /** Answers that differ on a boundary case (within a tick of the threshold), where flatten's epsilon decides. */
  readonly boundaryDisagreements: number;
  /** flatten reports a first touch that never blocks the move (a glance): a difference of definition, checked. */
  readonly glancingTouches: number;
  /** flatten's boolean operations that threw. */
  readonly flattenErrors: number;
}

export interface GeometryBenchOptions {
  readonly seed: number;
  readonly quick: boolean;
  /** Overrides the workload size (tests use a tiny one). */
  readonly sizes?: GeometrySizes;
}

export interface Agreement {
  readonly within: Tally;
  readonly distance: Tally;
  readonly zones: Tally;
  readonly contacts: Tally;
  readonly moves: Tally;
}

export interface Tally {
  readonly queries: number;
  readonly boundary: number;
  readonly glancing: number;
  readonly errors: number;
}

function fail(what: string, i: number, ours: unknown, theirs: unknown): never {
  throw new Error(
    `geometry bench "${what}" query ${i}: Tercio ${JSON.stringify(ours)}, flatten ${JSON.stringify(theirs)}: a disagreement away from any boundary`,
  );
}

/** Compares both sides' answers on the whole workload; throws on a disagreement that no boundary explains. */
export function checkGeometryAgreement(w: GeometryWorkload, d: FlattenData = flattenData(w)): Agreement {
  const ow = oursWithin(w);
  const fd = flattenDistances(w, d);
  const fw = flattenWithin(w, d);
  let boundary = 0;
  ow.forEach((o, i) => {
    if (o === fw[i]) return;
    const q = w.ranges[i];
    if (q && Math.abs((fd[i] as number) - q.r) < 1) boundary++;
    else fail("within r", i, o, fw[i]);
  });
  const within = { queries: ow.length, boundary, glancing: 0, errors: 0 };

  const od = oursDistances(w);
  od.forEach((o, i) => {
    const t = fd[i] as number;
    if (Math.abs(o - t) > 1e-6 * Math.max(1, o)) fail("distance", i, o, t);
  });
  const distance = { queries: od.length, boundary: 0, glancing: 0, errors: 0 };

  const oz = oursZones(w);
  const fz = flattenZones(w);
  boundary = 0;
  oz.forEach((o, i) => {
    if (o === fz[i]) return;
    const q = w.zones[i];
    if (q && closedZones(baseCorners(q.pose, q.size), q.p).length !== 1) boundary++;
    else fail("zone", i, o, fz[i]);
  });
  const zones = { queries: oz.length, boundary, glancing: 0, errors: 0 };

  const oc = oursContacts(w);
  const fc = flattenContacts(w);
  let glancing = 0;
  oc.forEach((o, i) => {
    const t = fc[i] as number;
    const q = w.contacts[i];
    if (!q || (o < 0 && t < 0) || (o >= 0 && t >= 0 && Math.abs(o - t) <= 1e-9)) return;
    if (o < 0 && t >= 0) {
      // A glance: flatten's touch must really be a touch (within 2 ticks at its t) that ours rightly ignores.
      const at = { x: Math.round(t * q.v.x), y: Math.round(t * q.v.y) };
      if (convexWithin(translatePolygon(q.a, at), q.b, 2) && firstContact(q.a, q.v, q.b) === null) {
        glancing++;
        return;
      }
    }
    fail("first contact", i, o, t);
  });
  const contacts = { queries: oc.length, boundary: 0, glancing, errors: 0 };

  const om = oursMoves(w);
  const fm = flattenMoves(w, d);
  boundary = 0;
  let errors = 0;
  om.forEach((o, i) => {
    const t = fm[i];
    const m = w.moves[i];
    if (!t || !m) return;
    errors += t.errors;
    const near = (poly: readonly { x: number; y: number }[]) => {
      const sweep = flattenSweepOf(w, i);
      return sweep.distanceTo(toFlatten(poly))[0] < 2;
    };
    for (let b = 0; b < m.others.length; b++) {
      if (((o.bases ^ t.bases) >> b) & 1) {
        if (near(w.bases[m.others[b] as number] ?? [])) boundary++;
        else fail("move check (bases)", i, o, t);
      }
    }
    for (let k = 0; k < w.terrain.length; k++) {
      if (((o.terrain ^ t.terrain) >> k) & 1) {
        if (near(w.terrain[k] ?? [])) boundary++;
        else fail("move check (terrain)", i, o, t);
      }
    }
  });
  const moves = { queries: om.length, boundary, glancing: 0, errors };
  return { within, distance, zones, contacts, moves };
}

/** Our exact sweep of move i as a flatten polygon, for measuring how near a disagreement is. */
function flattenSweepOf(w: GeometryWorkload, i: number) {
  const m = w.moves[i];
  if (!m) throw new Error(`no move ${i}`);
  // Recompute through the kernel (as oursMove does), then hand the polygon to flatten.
  const pivoted = applyOp(m.pose, m.size, { op: "pivot", cdeg: m.pivot }).pose;
  const moved = applyOp(pivoted, m.size, { op: "advance", ticks: m.advance }).pose;
  return toFlatten(
    translationSweep(basePolygon(pivoted, m.size), { x: moved.x - pivoted.x, y: moved.y - pivoted.y }),
  );
}

interface Section {
  readonly name: string;
  readonly tally: (a: Agreement) => Tally;
  readonly ops: (w: GeometryWorkload) => number;
  readonly ours: (w: GeometryWorkload) => () => number;
  readonly flatten: (w: GeometryWorkload, d: FlattenData) => () => number;
  /** Fewer timed calls for the slow section. */
  readonly iterations?: number;
}

const SECTIONS: readonly Section[] = [
  {
    name: "base to base within r (exact predicate)",
    tally: (a) => a.within,
    ops: (w) => w.ranges.length,
    ours: (w) => () => oursWithin(w).filter(Boolean).length,
    flatten: (w, d) => () => flattenWithin(w, d).filter(Boolean).length,
  },
  {
    name: "base to base distance (float, nearest points)",
    tally: (a) => a.distance,
    ops: (w) => w.ranges.length,
    ours: (w) => () => oursDistances(w).length,
    flatten: (w, d) => () => flattenDistances(w, d).length,
  },
  {
    name: "zone of a point (45-degree corner rays)",
    tally: (a) => a.zones,
    ops: (w) => w.zones.length,
    ours: (w) => () => oursZones(w).reduce((s, z) => s + z, 0),
    flatten: (w) => () => flattenZones(w).reduce((s, z) => s + z, 0),
  },
  {
    name: "first contact of a charge",
    tally: (a) => a.contacts,
    ops: (w) => w.contacts.length,
    ours: (w) => () => oursContacts(w).filter((t) => t >= 0).length,
    flatten: (w) => () => flattenContacts(w).filter((t) => t >= 0).length,
  },
  {
    name: "move check (pivot + advance, sweep, 20 bases, 10 terrain)",
    tally: (a) => a.moves,
    ops: (w) => w.moves.length,
    ours: (w) => () => oursMoves(w).reduce((s, m) => s + (m.bases | m.terrain), 0),
    flatten: (w, d) => () => flattenMoves(w, d).reduce((s, m) => s + (m.bases | m.terrain), 0),
    iterations: 8,
  },
];

/**
 * The geometry section: Tercio's kernel against @flatten-js/core, answers
 * checked (checkGeometryAgreement) before anything is timed.
 */
export async function geometryBench(opts: GeometryBenchOptions): Promise<GeometryFigure[]> {
  const w = geometryWorkload(opts.seed, opts.sizes ?? (opts.quick ? QUICK_GEOMETRY : FULL_GEOMETRY));
  const d = flattenData(w);
  const agreement = checkGeometryAgreement(w, d);
  const figures: GeometryFigure[] = [];
  for (const s of SECTIONS) {
    const ops = s.ops(w);
    const timing = { quick: opts.quick, ...(s.iterations === undefined ? {} : { iterations: s.iterations }) };
    const mine = await timeOps(`tercio ${s.name}`, s.ours(w), ops, timing);
    const other = await timeOps(`flatten ${s.name}`, s.flatten(w, d), ops, timing);
    const t = s.tally(agreement);
    figures.push({
      name: s.name,
      ops,
      oursNsPerOp: mine.nsPerOp,
      flattenNsPerOp: other.nsPerOp,
      ratio: other.nsPerOp / mine.nsPerOp,
      queries: t.queries,
      boundaryDisagreements: t.boundary,
      glancingTouches: t.glancing,
      flattenErrors: t.errors,
    });
  }
  return figures;
}

/** The figures as a plain-text table with a note on the disagreements. */
export function formatGeometryFigures(figures: readonly GeometryFigure[]): string {
  const rows = figures.map((f) => [
    f.name,
    f.oursNsPerOp,
    f.flattenNsPerOp,
    `${formatNumber(f.ratio)}x`,
    `${f.boundaryDisagreements} / ${f.queries}`,
    f.glancingTouches,
    f.flattenErrors,
  ]);
  return [
    table(
      [
        "work",
        "Tercio ns/op",
        "flatten ns/op",
        "flatten / Tercio",
        "boundary disagreements",
        "glances",
        "flatten errors",
      ],
      rows,
    ),
    "",
    "Boundary disagreements: cases within a tick of the threshold (exact 12-inch ranges, points on a ray,",
    "contacts a float-rotated base misses by a fraction of a tick), where flatten's epsilon decides.",
    "Glances: flatten reports a first touch that never blocks the move; the kernel does not count it as contact.",
  ].join("\n");
}
