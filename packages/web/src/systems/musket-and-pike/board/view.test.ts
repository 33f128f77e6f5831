import { describe, expect, it } from "vitest";
import { cameraTransform, shownView, zoomed } from "./view.js";

const sheet = { w: 1000, h: 800 };

describe("the map's view", () => {
  it("grows a wanted view to the element's shape around its centre", () => {
    const v = shownView({ x: 400, y: 300, w: 200, h: 100 }, 1, sheet);
    expect(v).toEqual({ x: 400, y: 250, w: 200, h: 200 });
  });

  it("keeps the view on the sheet: no empty margin above or beside the map", () => {
    expect(shownView({ x: -100, y: -50, w: 200, h: 200 }, 1, sheet)).toEqual({ x: 0, y: 0, w: 200, h: 200 });
    expect(shownView({ x: 950, y: 750, w: 200, h: 200 }, 1, sheet)).toEqual({
      x: 800,
      y: 600,
      w: 200,
      h: 200,
    });
  });

  it("centres a view larger than the sheet on it", () => {
    const v = shownView({ x: 0, y: 0, w: 1000, h: 800 }, 2, sheet);
    expect(v.w).toBe(1000);
    expect(v.h).toBe(2000);
    expect(v.y + v.h / 2).toBe(400);
  });

  it("zooms about a point, which stays where it was, within bounds", () => {
    const v = zoomed({ x: 0, y: 0, w: 400, h: 200 }, 0.5, 100, 2000, 100, 50);
    expect(v).toEqual({ x: 50, y: 25, w: 200, h: 100 });
    expect(zoomed(v, 0.01, 100, 2000).w).toBe(100);
    expect(zoomed(v, 100, 100, 2000).w).toBe(2000);
  });

  it("the camera scales the sheet so the shown part spans the frame's width, and moves its corner to the frame's", () => {
    expect(cameraTransform({ x: 100, y: 50, w: 400, h: 300 }, 800)).toBe("matrix(2, 0, 0, 2, -200, -100)");
    expect(cameraTransform({ x: 0, y: 0, w: 1000, h: 500 }, 500)).toBe("matrix(0.5, 0, 0, 0.5, 0, 0)");
    // Before the frame is measured, nothing is moved.
    expect(cameraTransform({ x: 10, y: 10, w: 400, h: 300 }, 0)).toBe("none");
  });
});
