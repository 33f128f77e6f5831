import { describe, expect, it } from "vitest";
import { explanationOf, LOS_TOOL_OFF, pickHex, toggleTool, toolText } from "./line-of-sight-tool.js";
import { opening } from "./test-support.js";

describe("the line-of-sight tool's state", () => {
  it("picks the firing hex, then the target; a third pick starts again; the firing hex again unpicks", () => {
    const on = toggleTool(LOS_TOOL_OFF);
    expect(on).toEqual({ active: true });
    expect(pickHex(LOS_TOOL_OFF, "0101")).toBe(LOS_TOOL_OFF);
    const one = pickHex(on, "2709");
    expect(one).toEqual({ active: true, from: "2709" });
    expect(pickHex(one, "2709")).toEqual({ active: true });
    const two = pickHex(one, "2711");
    expect(two).toEqual({ active: true, from: "2709", to: "2711" });
    expect(pickHex(two, "1603")).toEqual({ active: true, from: "1603" });
    expect(toggleTool(two)).toEqual(LOS_TOOL_OFF);
  });

  it("[7.3] says what the engine says, prompting until both hexes are picked", () => {
    const { ctx, position } = opening("16.12");
    const on = toggleTool(LOS_TOOL_OFF);
    expect(toolText(on, undefined)).toBe("Line of sight: pick the firing hex.");
    const one = pickHex(on, "2709");
    expect(explanationOf(ctx, position, one)).toBeUndefined();
    expect(toolText(one, undefined)).toBe("Line of sight from 2709: pick the target hex.");
    const two = pickHex(one, "2711");
    const e = explanationOf(ctx, position, two);
    expect(e?.clear).toBe(false);
    expect(toolText(two, e)).toMatch(/^Line of sight 2709 to 2711: Blocked by 2710 \(hilltop\)/);
  });
});
