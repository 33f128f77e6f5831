import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DirectionIndex, straightRow } from "./axial.js";
import {
  axialOf,
  createGrid,
  distance,
  type HexGrid,
  idOf,
  indexOfAxial,
  indexOfId,
  neighbourOf,
} from "./grid.js";
import { contactWith, firstCrossed, hexesCrossed, type LineContact, lineContacts } from "./line.js";

/*
 * Expected answers are worked out by hand in the integer frame of line.ts,
 * written here for SPI ids directly: hex CCRR has its centre at
 *
 *   X = 3·CC,  Y = 2·RR + (1 if CC is even else 0)
 *
 * (even columns sit half a hex lower), and its corners at centre + (±2, 0)
 * and (±1, ±1). A hex contains (X, Y) when, relative to its centre,
 * |dY| <= 1, |dX - dY| <= 2 and |dX + dY| <= 2.
 */
const grid = createGrid(20, 20);

function hex(g: HexGrid, id: string): number {
  const i = indexOfId(g, id);
  if (i < 0) throw new Error(`no hex ${id}`);
  return i;
}

const crossed = (from: string, to: string): string[] =>
  hexesCrossed(grid, hex(grid, from), hex(grid, to)).map((h) => idOf(grid, h));

const contacts = (from: string, to: string): [string, string][] =>
  lineContacts(grid, hex(grid, from), hex(grid, to)).map((c) => [idOf(grid, c.hex), c.contact]);

const column = (col: string, first: number, last: number): string[] =>
  Array.from({ length: last - first + 1 }, (_, i) => `${col}${String(first + i).padStart(2, "0")}`);

interface Row {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly expected: readonly string[];
}

const TABLE: readonly Row[] = [
  { name: "the same hex", from: "1010", to: "1010", expected: [] },
  // (30,21) -> (30,23): the segment crosses only the midpoint of the common side.
  { name: "adjacent in one column", from: "1010", to: "1011", expected: [] },
  { name: "adjacent across columns", from: "1010", to: "1110", expected: [] },
  // A straight hex row passes from centre to centre through hexside midpoints.
  { name: "a straight hex row down a column", from: "1005", to: "1010", expected: column("10", 6, 9) },
  // (30,21) -> (42,17): steps of (3,-1), the NE direction.
  { name: "a straight NE hex row", from: "1010", to: "1408", expected: ["1110", "1209", "1309"] },
  // (15,6) -> (30,11): steps of (3,1), the SE direction.
  { name: "a straight SE hex row", from: "0503", to: "1005", expected: ["0603", "0704", "0804", "0905"] },
  // (21,20) -> (27,20) runs along Y = 20 from corner (23,20) to corner (25,20):
  // the side between 0809 (24,19) and 0810 (24,21). Both are crossed.
  { name: "along a hexside, two columns apart", from: "0710", to: "0910", expected: ["0809", "0810"] },
  // (30,21) -> (33,24) runs from corner (31,22) to corner (32,23): the side
  // between 1011 (30,23) and 1111 (33,22).
  { name: "along a slanting hexside", from: "1010", to: "1112", expected: ["1011", "1111"] },
  // (27,22) -> (42,19), direction (5,-1). With v = X - 27 the hexes' slabs
  // give: 1010 v in [5/3, 5]; 1110 [5, 7.5]; 1210 [7.5, 10]; 1310 [10, 40/3].
  // 1111 (33,22) is met only at v = 5, its corner (32,21); 1209 (36,19) only
  // at v = 10, its corner (37,20). Neither is crossed.
  {
    name: "through single corners only",
    from: "0911",
    to: "1409",
    expected: ["1010", "1110", "1210", "1310"],
  },
  // (21,20) -> (33,20): along the side 0809|0810, then through 0910 (27,20)
  // from its corner (25,20) to the opposite corner (29,20), then along 1009|1010.
  {
    name: "through two corners of a hex",
    from: "0710",
    to: "1110",
    expected: ["0809", "0810", "0910", "1009", "1010"],
  },
  // Long lines. (3,20) -> (33,20): the same pattern five times over.
  {
    name: "long, along Y through alternate hexsides and hexes",
    from: "0110",
    to: "1110",
    expected: [
      ...["0209", "0210", "0310", "0409", "0410", "0510", "0609", "0610"],
      ...["0710", "0809", "0810", "0910", "1009", "1010"],
    ],
  },
  // (6,5) -> (27,26), seven steps of (3,3): each step runs along the side
  // between the S and SE neighbours of a hex, then through the next centre.
  {
    name: "long, along slanting hexsides",
    from: "0202",
    to: "0913",
    expected: [
      ...["0203", "0303", "0304", "0305", "0404", "0405", "0406", "0506", "0507", "0508"],
      ...["0607", "0608", "0609", "0709", "0710", "0711", "0810", "0811", "0812", "0912"],
    ],
  },
  // Steps of (6,4), centre to centre. In one step from (0,0): the hex itself
  // up to t = 1/5 (side X + Y = 2), then (3,1) on [1/5, 1/2] (leaving by its
  // S side), then (3,3) on [1/2, 4/5], then (6,4). (0,2) and (6,2) are missed.
  {
    name: "long, ENE-SSE zigzag, from the west edge",
    from: "0102",
    to: "1314",
    expected: [
      ...["0202", "0203", "0304", "0404", "0405", "0506", "0606", "0607", "0708"],
      ...["0808", "0809", "0910", "1010", "1011", "1112", "1212", "1213"],
    ],
  },
  // The mirror image (Y -> -Y), steps of (6,-4).
  {
    name: "long, the mirror zigzag, from the west edge",
    from: "0115",
    to: "1105",
    expected: [
      ...["0214", "0213", "0313", "0412", "0411", "0511", "0610"],
      ...["0609", "0709", "0808", "0807", "0907", "1006", "1005"],
    ],
  },
  // Steps of (3,5): from (0,0) through (0,2) on [1/5, 1/2] and (3,3) on
  // [1/2, 4/5]; (3,1) and (0,4) are missed.
  {
    name: "long and steep",
    from: "0101",
    to: "0613",
    expected: [
      ...["0102", "0202", "0203", "0204", "0305", "0306", "0307"],
      ...["0407", "0408", "0409", "0510", "0511", "0512", "0612"],
    ],
  },
  // Two steps of (15,-3) (the corner-only case above, then its translate by
  // five columns), passing through the centre of 1409.
  {
    name: "long and shallow",
    from: "0911",
    to: "1908",
    expected: ["1010", "1110", "1210", "1310", "1409", "1509", "1608", "1709", "1808"],
  },
  { name: "long, a whole column", from: "1001", to: "1020", expected: column("10", 2, 19) },
  // Map edges. (3,2) -> (9,2) runs along the side between 0201 (6,3) and the
  // off-map hex "0200" (6,1): only 0201 is reported.
  { name: "along the north edge, one hex off the map", from: "0101", to: "0301", expected: ["0201"] },
  // (3,2) -> (57,2): every row-1 hex in between (odd columns through their
  // centres, even ones along their north sides).
  {
    name: "the whole north edge",
    from: "0101",
    to: "1901",
    expected: Array.from({ length: 17 }, (_, i) => `${String(i + 2).padStart(2, "0")}01`),
  },
  // (6,41) -> (12,41): along the side between 0320 (9,40) and the off-map "0321".
  { name: "along the south edge, one hex off the map", from: "0220", to: "0420", expected: ["0320"] },
  // (3,40) -> (9,40): along the side between 0219 (6,39) and 0220 (6,41).
  {
    name: "along the south edge, both hexes on the map",
    from: "0120",
    to: "0320",
    expected: ["0219", "0220"],
  },
  { name: "down the west edge", from: "0101", to: "0120", expected: column("01", 2, 19) },
  { name: "down the east edge", from: "2020", to: "2001", expected: column("20", 2, 19).reverse() },
];

describe("[7.3G] hexes crossed by the line between two hex centres (the geometry of line of sight)", () => {
  for (const row of TABLE) {
    it(`${row.name}: ${row.from} -> ${row.to}`, () => {
      expect(crossed(row.from, row.to)).toEqual(row.expected);
      // The same hexes the other way (the order is checked by the symmetry property).
      expect(crossed(row.to, row.from).sort()).toEqual([...row.expected].sort());
    });
  }

  it("classifies contacts: through the interior, along a hexside, at a corner", () => {
    expect(contacts("0911", "1409")).toEqual([
      ["1010", "interior"],
      ["1110", "interior"],
      ["1111", "vertex"],
      ["1210", "interior"],
      ["1209", "vertex"],
      ["1310", "interior"],
    ]);
    expect(contacts("0710", "1110")).toEqual([
      ["0809", "hexside"],
      ["0810", "hexside"],
      ["0910", "interior"],
      ["1009", "hexside"],
      ["1010", "hexside"],
    ]);
    expect(contacts("1010", "1011")).toEqual([]);
    expect(contacts("1005", "1010").every(([, c]) => c === "interior")).toBe(true);
  });

  it("reports where each contact begins as an exact fraction", () => {
    const found = lineContacts(grid, hex(grid, "0911"), hex(grid, "1409"));
    const enter = (i: number): readonly [number, number] => {
      const c = found[i];
      if (!c) throw new Error(`no contact ${i}`);
      return c.enter;
    };
    // v = X - 27 runs over 15: 1010 is entered at v = 5/3 (t = 1/9), 1111 touched at v = 5 (t = 1/3).
    expect(enter(0)[0] * 9).toBe(enter(0)[1]);
    expect(enter(2)[0] * 3).toBe(enter(2)[1]);
  });

  it("contactWith classifies one hex, null when the line misses it", () => {
    const at = (id: string) => contactWith(grid, hex(grid, "0911"), hex(grid, "1409"), hex(grid, id));
    expect(at("1111")).toBe("vertex");
    expect(at("1110")).toBe("interior");
    expect(at("1309")).toBeNull();
    expect(contactWith(grid, hex(grid, "0710"), hex(grid, "0910"), hex(grid, "0809"))).toBe("hexside");
  });

  it("firstCrossed finds the first hex passing a test, in line order", () => {
    const from = hex(grid, "0110");
    const to = hex(grid, "1110");
    expect(firstCrossed(grid, from, to, () => true)).toBe(hex(grid, "0209"));
    expect(firstCrossed(grid, from, to, (h) => idOf(grid, h).endsWith("10") && h !== hex(grid, "0210"))).toBe(
      hex(grid, "0310"),
    );
    expect(firstCrossed(grid, from, to, () => false)).toBe(-1);
    // From a hex to itself nothing lies between, whatever the test.
    expect(firstCrossed(grid, from, from, () => true)).toBe(-1);
    // A test may itself ask for lines (the scratch buffer is not shared):
    // 0110 -> 0209 and -> 0210 are adjacent, 0110 -> 0310 runs along 0209|0210.
    expect(firstCrossed(grid, from, to, (h) => hexesCrossed(grid, from, h).length === 2)).toBe(
      hex(grid, "0310"),
    );
  });
});

describe("hex indices off the grid are a programmer's bug: thrown, not answered", () => {
  const off = (h: number) => `hex index ${h} is off the grid`;
  const last = grid.size - 1;

  it("every hex of the grid is on it, the first and the last included", () => {
    expect(hexesCrossed(grid, 0, 2)).toEqual([1]);
    expect(hexesCrossed(grid, last, last - 2)).toEqual([last - 1]);
    expect(contactWith(grid, 0, 2, 1)).toBe("interior");
    expect(contactWith(grid, last, last - 2, last - 1)).toBe("interior");
  });

  it("a negative, fractional or too large index throws a RangeError naming it", () => {
    for (const h of [-1, 1.5, grid.size]) {
      expect(() => hexesCrossed(grid, h, 0)).toThrow(new RangeError(off(h)));
      expect(() => hexesCrossed(grid, 0, h)).toThrow(new RangeError(off(h)));
      expect(() => firstCrossed(grid, 0, h, () => true)).toThrow(new RangeError(off(h)));
      expect(() => lineContacts(grid, h, 0)).toThrow(new RangeError(off(h)));
      expect(() => lineContacts(grid, 0, h)).toThrow(new RangeError(off(h)));
      expect(() => contactWith(grid, h, 0, 1)).toThrow(new RangeError(off(h)));
      expect(() => contactWith(grid, 0, h, 1)).toThrow(new RangeError(off(h)));
      expect(() => contactWith(grid, 0, 2, h)).toThrow(new RangeError(off(h)));
    }
  });
});

// The properties walk hundreds of lines each; instrumented for mutation testing on a busy machine they need more than Vitest's 5 s.
describe("[7.3G] properties of the line of sight geometry", { timeout: 60_000 }, () => {
  const anyHex = fc.integer({ min: 0, max: grid.size - 1 });
  // Hexes two or more from every edge: every hex the line between two of
  // them touches is on the map, so whole paths can be checked.
  const inner = fc
    .record({ col: fc.integer({ min: 3, max: 18 }), row: fc.integer({ min: 3, max: 18 }) })
    .map(({ col, row }) => (col - 1) * grid.rows + (row - 1));

  /** Hexes with positive-length contact, grouped by where the line enters them (ties are hexside pairs). */
  function groups(a: number, b: number): number[][] {
    const out: { enter: readonly [number, number]; hexes: number[] }[] = [];
    for (const c of lineContacts(grid, a, b)) {
      if (c.contact === "vertex") continue;
      const last = out[out.length - 1];
      if (last && last.enter[0] * c.enter[1] === c.enter[0] * last.enter[1]) last.hexes.push(c.hex);
      else out.push({ enter: c.enter, hexes: [c.hex] });
    }
    return out.map((g) => g.hexes.sort((x, y) => x - y));
  }

  it("is symmetric: b -> a crosses the hexes of a -> b in reverse order (hexside pairs by index)", () => {
    fc.assert(
      fc.property(anyHex, anyHex, (a, b) => {
        expect(groups(b, a)).toEqual(groups(a, b).reverse());
        expect(hexesCrossed(grid, b, a).sort((x, y) => x - y)).toEqual(
          hexesCrossed(grid, a, b).sort((x, y) => x - y),
        );
      }),
    );
  });

  it("stays near the shortest paths: d(a,h) + d(h,b) <= d(a,b) + 1", () => {
    fc.assert(
      fc.property(anyHex, anyHex, (a, b) => {
        const d = distance(grid, a, b);
        for (const c of lineContacts(grid, a, b)) {
          expect(distance(grid, a, c.hex) + distance(grid, c.hex, b)).toBeLessThanOrEqual(d + 1);
        }
      }),
    );
  });

  it("makes a connected path: consecutive hexes share a side or a corner", () => {
    fc.assert(
      fc.property(inner, inner, (a, b) => {
        if (a === b) return;
        const path = [a, ...hexesCrossed(grid, a, b), b];
        expect(new Set(path).size).toBe(path.length);
        // Two hexes that share a corner also share a side: adjacency is the test.
        for (let i = 1; i < path.length; i++) {
          expect(distance(grid, path[i - 1] as number, path[i] as number)).toBe(1);
        }
      }),
    );
  });

  it("crosses exactly the hexes of a straight hex row", () => {
    fc.assert(
      fc.property(anyHex, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 19 }), (a, d, n) => {
        let b = a;
        for (let i = 0; i < n; i++) {
          const next = neighbourOf(grid, b, d as DirectionIndex);
          if (next < 0) break;
          b = next;
        }
        const row = straightRow(axialOf(grid, a), axialOf(grid, b)) ?? [];
        const between = row.slice(1, -1).map((x) => indexOfAxial(grid, x));
        expect(hexesCrossed(grid, a, b)).toEqual(between);
        // A hex row touches no other hex, even at a corner.
        expect(lineContacts(grid, a, b).map((c) => c.hex)).toEqual(between);
      }),
    );
  });

  it("walks the line in order: the hexes that clipping every hex of the map finds, by entry then index", () => {
    // An independent reference for the walk: contactWith clips one hex at a
    // time. Every hex it finds is listed once with its contact, the entry
    // fractions (from the same clipping) never decrease, and ties go by index.
    fc.assert(
      fc.property(anyHex, anyHex, fc.integer({ min: 1, max: 6 }), (a, b, sparse) => {
        const found = lineContacts(grid, a, b);
        const expected = new Map<number, string>();
        for (let h = 0; h < grid.size; h++) {
          const c = h === a || h === b ? null : contactWith(grid, a, b, h);
          if (c !== null) expected.set(h, c);
        }
        expect(new Map(found.map((c) => [c.hex, c.contact]))).toEqual(expected);
        expect(found).toHaveLength(expected.size);
        for (let i = 1; i < found.length; i++) {
          const p = found[i - 1] as LineContact;
          const c = found[i] as LineContact;
          const order = p.enter[0] * c.enter[1] - c.enter[0] * p.enter[1];
          expect(order < 0 || (order === 0 && p.hex < c.hex)).toBe(true);
        }
        const crossing = found.filter((c) => c.contact !== "vertex").map((c) => c.hex);
        expect(hexesCrossed(grid, a, b)).toEqual(crossing);
        // firstCrossed tests the hexes in that order and stops at the first that passes.
        const tested: number[] = [];
        const first = firstCrossed(grid, a, b, (h) => {
          tested.push(h);
          return h % sparse === 0;
        });
        const at = crossing.findIndex((h) => h % sparse === 0);
        expect(first).toBe(at < 0 ? -1 : crossing[at]);
        expect(tested).toEqual(at < 0 ? crossing : crossing.slice(0, at + 1));
      }),
      { numRuns: 300 },
    );
  });

  it("misses nothing: every sampled point of the segment lies in a reported hex", () => {
    // Points at t = i/N, scaled by N to stay integers, located by brute
    // force over the whole grid: an independent check of the clipping.
    const N = 48;
    fc.assert(
      fc.property(anyHex, anyHex, (a, b) => {
        const touched = new Set([a, b, ...lineContacts(grid, a, b).map((c) => c.hex)]);
        const crossing = new Set([a, b, ...hexesCrossed(grid, a, b)]);
        const ax = 3 * (grid.q[a] as number);
        const ay = 2 * (grid.r[a] as number) + (grid.q[a] as number);
        const dx = 3 * (grid.q[b] as number) - ax;
        const dy = 2 * (grid.r[b] as number) + (grid.q[b] as number) - ay;
        for (let i = 0; i <= N; i++) {
          const px = N * ax + i * dx;
          const py = N * ay + i * dy;
          for (let h = 0; h < grid.size; h++) {
            const ex = px - N * 3 * (grid.q[h] as number);
            const ey = py - N * (2 * (grid.r[h] as number) + (grid.q[h] as number));
            const u = Math.abs(ey);
            const v = Math.abs(ex - ey);
            const w = Math.abs(ex + ey);
            if (u > N || v > 2 * N || w > 2 * N) continue;
            expect(touched.has(h)).toBe(true);
            if (u < N && v < 2 * N && w < 2 * N) expect(crossing.has(h)).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
