import type { Point } from "@tercio/geometry";
import type { RoadBand } from "@tercio/horse-and-musket-ch11";

/**
 * The roads as a network for drawing a road move (004 Movement: Roads):
 * the scenario's compiled road polylines cut at their vertices and where
 * they cross, so a drag or a key can follow a road round its bends and on
 * at a crossroads. This only proposes a path for the centre; the legs
 * built from it go to checkMove, which alone says whether the move is on
 * the road (display arithmetic in floats, never a rule).
 */
export interface RoadEdge {
  readonly a: number;
  readonly b: number;
  readonly length: number;
  /** The road's half width, ticks (the band the centre must stay in). */
  readonly halfWidth: number;
}

export interface RoadNet {
  readonly nodes: readonly Point[];
  readonly edges: readonly RoadEdge[];
  /** The edges at each node. */
  readonly at: readonly (readonly number[])[];
}

/** Where a point projects onto the network: an edge and the fraction along it from a to b. */
export interface OnRoad {
  readonly edge: number;
  readonly t: number;
  readonly point: Point;
  /** The distance from the projected point, ticks. */
  readonly off: number;
}

const sub = (p: Point, q: Point) => ({ x: p.x - q.x, y: p.y - q.y });
const len = (v: Point) => Math.hypot(v.x, v.y);
const lerp = (a: Point, b: Point, t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** The parameter on ab where it crosses cd (both closed), or undefined. */
function crossing(a: Point, b: Point, c: Point, d: Point): number | undefined {
  const r = sub(b, a);
  const s = sub(d, c);
  const den = r.x * s.y - r.y * s.x;
  if (den === 0) return undefined;
  const q = sub(c, a);
  const t = (q.x * s.y - q.y * s.x) / den;
  const u = (q.x * r.y - q.y * r.x) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}

export function roadNet(roads: readonly RoadBand[]): RoadNet {
  const nodes: Point[] = [];
  const keys = new Map<string, number>();
  const node = (p: Point) => {
    const q = { x: Math.round(p.x), y: Math.round(p.y) };
    const k = `${q.x},${q.y}`;
    let i = keys.get(k);
    if (i === undefined) {
      i = nodes.length;
      nodes.push(q);
      keys.set(k, i);
    }
    return i;
  };
  const segments = roads.flatMap((r) =>
    r.line.slice(1).map((b, i) => ({ a: r.line[i] as Point, b, halfWidth: r.halfWidth })),
  );
  const edges: RoadEdge[] = [];
  for (const s of segments) {
    const ts = [0, 1];
    for (const o of segments) {
      if (o === s) continue;
      const t = crossing(s.a, s.b, o.a, o.b);
      if (t !== undefined) ts.push(t);
    }
    const ids = [...new Set(ts)].sort((x, y) => x - y).map((t) => node(lerp(s.a, s.b, t)));
    for (let i = 0; i + 1 < ids.length; i++) {
      const a = ids[i] as number;
      const b = ids[i + 1] as number;
      if (a === b) continue;
      edges.push({ a, b, length: len(sub(nodes[b] as Point, nodes[a] as Point)), halfWidth: s.halfWidth });
    }
  }
  const at: number[][] = nodes.map(() => []);
  edges.forEach((e, i) => {
    at[e.a]?.push(i);
    at[e.b]?.push(i);
  });
  return { nodes, edges, at };
}

function otherEnd(net: RoadNet, edge: number, node: number): number {
  const e = net.edges[edge] as RoadEdge;
  return e.a === node ? e.b : e.a;
}

/** The nearest point of the network to p. */
export function project(net: RoadNet, p: Point): OnRoad | undefined {
  let best: OnRoad | undefined;
  net.edges.forEach((e, edge) => {
    const a = net.nodes[e.a] as Point;
    const b = net.nodes[e.b] as Point;
    const ab = sub(b, a);
    const l2 = ab.x * ab.x + ab.y * ab.y;
    const t = l2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2));
    const point = lerp(a, b, t);
    const off = len(sub(p, point));
    if (!best || off < best.off) best = { edge, t, point, off };
  });
  return best;
}

/** Whether p is on the road band (as the display sees it: checkMove decides). */
export function onRoad(net: RoadNet, p: Point): OnRoad | undefined {
  const at = project(net, p);
  return at && at.off <= (net.edges[at.edge]?.halfWidth ?? 0) ? at : undefined;
}

/** Shortest distances from a point on an edge to every node (Dijkstra; the networks are small). */
function distancesFrom(net: RoadNet, from: OnRoad): { dist: number[]; prev: number[] } {
  const e = net.edges[from.edge] as RoadEdge;
  const dist = net.nodes.map(() => Number.POSITIVE_INFINITY);
  const prev = net.nodes.map(() => -1);
  dist[e.a] = e.length * from.t;
  dist[e.b] = e.length * (1 - from.t);
  const done = new Set<number>();
  for (;;) {
    let u = -1;
    for (let i = 0; i < dist.length; i++)
      if (!done.has(i) && (u < 0 || (dist[i] as number) < (dist[u] as number))) u = i;
    if (u < 0 || !Number.isFinite(dist[u] as number)) break;
    done.add(u);
    for (const ei of net.at[u] ?? []) {
      const edge = net.edges[ei] as RoadEdge;
      const v = edge.a === u ? edge.b : edge.a;
      const d = (dist[u] as number) + edge.length;
      if (d < (dist[v] as number)) {
        dist[v] = d;
        prev[v] = u;
      }
    }
  }
  return { dist, prev };
}

/**
 * The centre's path along the roads from `from` (on the road) to the road
 * point nearest `to`: the bends and crossings passed, then that point. Empty
 * when `from` is off every road or the network is empty.
 */
export function routeTo(net: RoadNet, from: Point, to: Point): Point[] {
  const s = onRoad(net, from);
  const e = project(net, to);
  if (!s || !e) return [];
  if (s.edge === e.edge) return [e.point];
  const { dist, prev } = distancesFrom(net, s);
  const end = net.edges[e.edge] as RoadEdge;
  const viaA = (dist[end.a] as number) + end.length * e.t;
  const viaB = (dist[end.b] as number) + end.length * (1 - e.t);
  let v = viaA <= viaB ? end.a : end.b;
  if (!Number.isFinite(Math.min(viaA, viaB))) return [];
  const path: Point[] = [e.point];
  while (v >= 0) {
    path.unshift(net.nodes[v] as Point);
    v = prev[v] as number;
  }
  return path;
}

/**
 * The centre's path `ticks` along the road ahead of a unit: from where it
 * stands, the way along its road nearer its facing `ahead` (a vector),
 * straight on at each crossroads (the branch that turns least), stopping
 * at a road's end. Empty when the unit is off the road.
 */
export function routeAhead(net: RoadNet, from: Point, ahead: Point, ticks: number): Point[] {
  const s = onRoad(net, from);
  if (!s || ticks <= 0) return [];
  // Every way on from where the unit stands (at a node, each road leaving it), the one nearest its facing.
  const ways: { edge: number; next: number }[] = [];
  const first = net.edges[s.edge] as RoadEdge;
  const node = s.t === 0 ? first.a : s.t === 1 ? first.b : undefined;
  if (node === undefined) ways.push({ edge: s.edge, next: first.a }, { edge: s.edge, next: first.b });
  else for (const ei of net.at[node] ?? []) ways.push({ edge: ei, next: otherEnd(net, ei, node) });
  let best = ways[0];
  let bestDot = Number.NEGATIVE_INFINITY;
  for (const w of ways) {
    const to = net.nodes[w.next] as Point;
    const v = sub(to, s.point);
    const c = (v.x * ahead.x + v.y * ahead.y) / (len(v) || 1);
    if (c > bestDot) {
      bestDot = c;
      best = w;
    }
  }
  if (!best) return [];
  let here = s.point;
  let next = best.next;
  let edge = best.edge;
  let left = ticks;
  const path: Point[] = [];
  for (let guard = 0; guard < net.edges.length + 1; guard++) {
    const to = net.nodes[next] as Point;
    const d = len(sub(to, here));
    if (d >= left) {
      path.push(lerp(here, to, d === 0 ? 0 : left / d));
      return path;
    }
    left -= d;
    path.push(to);
    const dir = sub(to, here);
    let best: number | undefined;
    let bestCos = Number.NEGATIVE_INFINITY;
    for (const ei of net.at[next] ?? []) {
      if (ei === edge) continue;
      const e = net.edges[ei] as RoadEdge;
      const far = net.nodes[e.a === next ? e.b : e.a] as Point;
      const v = sub(far, to);
      const c = (v.x * dir.x + v.y * dir.y) / (len(v) * len(dir) || 1);
      if (c > bestCos) {
        bestCos = c;
        best = ei;
      }
    }
    // A road's end, or a turn back on itself: the route stops there.
    if (best === undefined || bestCos < -0.5) return path;
    const e = net.edges[best] as RoadEdge;
    here = to;
    next = e.a === next ? e.b : e.a;
    edge = best;
  }
  return path;
}
