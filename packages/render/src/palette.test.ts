import { describe, expect, it } from "vitest";
import { contrastRatio, relativeLuminance } from "./luminance.js";
import { SIDE_DARK, SIDE_FILL, TERRAIN_FILL } from "./palette.js";

/** Defect 11: in greyscale the terrains a player must tell apart all came out mid-grey. */
const APART = ["clear", "slope", "ploughed", "stream", "woods"] as const;
/** About the step between two neighbouring shades on a printed greyscale strip. */
const MIN_CONTRAST = 1.2;

describe("the palette in greyscale", () => {
  it("measures luminance as WCAG does", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 6);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 6);
  });

  it.each(APART.flatMap((a, i) => APART.slice(i + 1).map((b) => [a, b] as const)))(
    "tells %s from %s by lightness alone",
    (a, b) => {
      expect(contrastRatio(TERRAIN_FILL[a], TERRAIN_FILL[b])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  it("tells a hilltop from the slope round it", () => {
    expect(contrastRatio(TERRAIN_FILL.hilltop, TERRAIN_FILL.slope)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("keeps each side's counter borders dark against its fill", () => {
    for (const side of ["first", "second"] as const)
      expect(contrastRatio(SIDE_FILL[side], SIDE_DARK[side])).toBeGreaterThanOrEqual(3);
  });
});
