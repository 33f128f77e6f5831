import { describe, expect, it } from "vitest";
import { baseCorners } from "./base.js";
import { direction } from "./direction.js";
import { inches } from "./units.js";

/**
 * Pins the exact bits the kernel produces, so that any engine (Node, a
 * browser) running this test must reproduce them: FNV-1a over the IEEE
 * bytes of direction() at every centidegree, and over the corners of bases
 * at every whole degree. A change to the polynomials or their order of
 * operations changes these values, deliberately: positions saved by one
 * version must mean the same corners in the next.
 */
function fnv(update: (feed: (bytes: Uint8Array) => void) => void): string {
  let h = 0x811c9dc5;
  update((bytes) => {
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  });
  return h.toString(16).padStart(8, "0");
}

describe("the kernel's bits are pinned", () => {
  it("direction() at every centidegree", () => {
    const buf = new DataView(new ArrayBuffer(16));
    const hash = fnv((feed) => {
      for (let t = 0; t < 36000; t++) {
        const d = direction(t);
        buf.setFloat64(0, d.x, true);
        buf.setFloat64(8, d.y, true);
        feed(new Uint8Array(buf.buffer));
      }
    });
    expect(hash).toBe("e9de28b5");
  });

  it("base corners at every whole degree", () => {
    const buf = new DataView(new ArrayBuffer(32));
    const size = { frontage: inches(4), depth: inches(1, 1, 2) };
    const hash = fnv((feed) => {
      for (let t = 0; t < 36000; t += 100) {
        const c = baseCorners({ x: 123_457, y: -98_765, facing: t }, size);
        [c.fl, c.fr, c.rr, c.rl].forEach((p, i) => {
          buf.setInt32(8 * i, p.x, true);
          buf.setInt32(8 * i + 4, p.y, true);
        });
        feed(new Uint8Array(buf.buffer));
      }
    });
    expect(hash).toBe("2b24050d");
  });
});
