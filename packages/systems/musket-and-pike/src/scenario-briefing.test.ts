import { describe, expect, it } from "vitest";
import { scenarioRuleNotes } from "./scenario-briefing.js";
import { deployed } from "./test-support/setup.js";

describe("the scenario's own rules, shown during play", () => {
  it("[16.24] Lutzen: ferocity with how it stands, and the Caracolla rule it imposes", () => {
    const { ctx, position } = deployed("16.24", 7);
    const notes = scenarioRuleNotes(ctx, position);
    expect(notes.map((n) => n.rule)).toEqual(["16.24", "16.24"]);
    expect(notes[0]?.text).toContain('becomes "ferocious" on the following Friendly Player-Turn');
    expect(notes[0]?.now).toBe("No Swedish SC has been disrupted or eliminated yet.");
    expect(notes[1]?.text).toBe(
      "Players must use the optional Cavalry Caracolla rule (11.0) with this scenario.",
    );
    const struck = { ...position, special: { ferociousFrom: position.gameTurn + 1 } };
    expect(scenarioRuleNotes(ctx, struck)[0]?.now).toBe(
      `The Swedish become ferocious in Game-Turn ${position.gameTurn + 1}.`,
    );
    const later = { ...struck, gameTurn: position.gameTurn + 1 };
    expect(scenarioRuleNotes(ctx, later)[0]?.now).toBe(
      `The Swedish are ferocious (since Game-Turn ${position.gameTurn + 1}).`,
    );
  });

  it("[16.33] Staverton: force (a) held until released", () => {
    const { ctx, position } = deployed("16.33", 1);
    expect(scenarioRuleNotes(ctx, position)[0]?.now).toBe("Force (a) is still held: it may not move yet.");
    const free = { ...position, special: { released: true as const } };
    expect(scenarioRuleNotes(ctx, free)[0]?.now).toBe("Force (a) has been set free and may move.");
  });

  it("[16.13] Nieuport: the fleet's rule in the errata's direction, with no state to show", () => {
    const { ctx, position } = deployed("16.13", 1);
    const [fleet] = scenarioRuleNotes(ctx, position);
    expect(fleet?.rule).toBe("16.13");
    expect(fleet?.text).toContain("west of the stream (inclusive)");
    expect(fleet?.now).toBeUndefined();
  });

  it("[16.51] Killiecrankie: the English PM's changed Melee Strength", () => {
    const { ctx, position } = deployed("16.51", 1);
    expect(scenarioRuleNotes(ctx, position)).toEqual([
      { rule: "16.51", text: "English PM units have a Melee Strength of 3." },
    ]);
  });

  it("a scenario without special rules has no notes", () => {
    const { ctx, position } = deployed("16.26", 1);
    expect(scenarioRuleNotes(ctx, position)).toEqual([]);
  });
});
