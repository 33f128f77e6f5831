import { defaultCatalog, distance, indexOfId } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { neighbourByKey } from "./cursor.js";

const { grid } = defaultCatalog().map;
const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] as const;
const last = `${String(grid.columns).padStart(2, "0")}${String(grid.rows).padStart(2, "0")}`;

describe("the keyboard cursor", () => {
  it("moves up and down the column and left and right to the same row", () => {
    expect(neighbourByKey(grid, "2013", "ArrowUp")).toBe("2012");
    expect(neighbourByKey(grid, "2013", "ArrowDown")).toBe("2014");
    expect(neighbourByKey(grid, "2013", "ArrowLeft")).toBe("1913");
    expect(neighbourByKey(grid, "2013", "ArrowRight")).toBe("2113");
    expect(neighbourByKey(grid, "0909", "ArrowRight")).toBe("1009");
    expect(neighbourByKey(grid, "1009", "ArrowLeft")).toBe("0909");
  });

  it("stops at the map's edge", () => {
    expect(neighbourByKey(grid, "0101", "ArrowUp")).toBe("0101");
    expect(neighbourByKey(grid, "0101", "ArrowLeft")).toBe("0101");
    expect(neighbourByKey(grid, last, "ArrowDown")).toBe(last);
    expect(neighbourByKey(grid, last, "ArrowRight")).toBe(last);
    expect(neighbourByKey(grid, "0101", "ArrowDown")).toBe("0102");
    expect(neighbourByKey(grid, last, "ArrowUp")).toBe(
      `${last.slice(0, 2)}${String(grid.rows - 1).padStart(2, "0")}`,
    );
  });

  it("always lands on the map, next to the hex it left (or on it, at the edge)", () => {
    for (const hex of grid.ids) {
      for (const key of ARROWS) {
        const next = neighbourByKey(grid, hex, key) ?? "";
        const i = indexOfId(grid, next);
        expect(i).toBeGreaterThanOrEqual(0);
        if (next !== hex) expect(distance(grid, indexOfId(grid, hex), i)).toBe(1);
      }
    }
  });

  it("ignores other keys and malformed hexes", () => {
    for (const key of ["Enter", " ", "a", "Tab", "Home", "arrowup", "Up"])
      expect(neighbourByKey(grid, "2013", key)).toBeUndefined();
    expect(neighbourByKey(grid, "x", "ArrowUp")).toBeUndefined();
  });

  it("does not take names every object has for cursor keys", () => {
    for (const key of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"])
      expect(neighbourByKey(grid, "2013", key)).toBeUndefined();
  });
});
