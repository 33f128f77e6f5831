import { describe, expect, it } from "vitest";
import { indexOfId } from "./hex/grid.js";
import { elevationOf, fireProtection, terrainOf } from "./terrain.js";
import { ctxFor } from "./test-support/setup.js";

describe("terrain of a hex", () => {
  const ctx = ctxFor("16.26");
  const hex = (id: string) => indexOfId(ctx.map.grid, id);

  it("[5.3K] a road hex defends against fire with the road's Fire Protection Strength, whatever else is there", () => {
    // 3021 is a bridge over the brook on the north-south road; 3003 is plain road; 3103 clear beside it.
    expect(terrainOf(ctx, hex("3021"))).toBe("bridge");
    expect(fireProtection(ctx, hex("3021"))).toBe(2);
    expect(fireProtection(ctx, hex("3003"))).toBe(2);
    expect(fireProtection(ctx, hex("3103"))).toBe(3);
  });

  it("[9.0] other hexes defend with their terrain's Fire Protection Strength", () => {
    expect(terrainOf(ctx, hex("1317"))).toBe("village");
    expect(fireProtection(ctx, hex("1317"))).toBe(6);
    expect(terrainOf(ctx, hex("1907"))).toBe("woods");
    expect(fireProtection(ctx, hex("1907"))).toBe(6);
  });

  it("[7.3G] hilltops stand above slopes, slopes above the ground", () => {
    expect(elevationOf(ctx, hex("2710"))).toBe("hilltop");
    expect(elevationOf(ctx, hex("2712"))).toBe("slope");
    expect(elevationOf(ctx, hex("2714"))).toBe("ground");
  });

  it("[16.13] in Nieuport the sea defends as clear terrain (errata)", () => {
    const nieuport = ctxFor("16.13");
    const sea = indexOfId(nieuport.map.grid, "0310");
    expect(terrainOf(nieuport, sea)).toBe("sea");
    expect(fireProtection(nieuport, sea)).toBe(nieuport.rules.data.terrain.clear.fireProtection);
  });
});
