import { describe, expect, it } from "vitest";
import { aimKnob, dragAim, stepAim, turnWords } from "./charge-aim.js";

const LIMIT = 4500;
const charger = { x: 0, y: 0, facing: 0 };

describe("the chosen turn of a charge (004 Movement: Charge Moves: Turning)", () => {
  it("steps 5º a press and holds at the rules data's limit", () => {
    let aim = { target: "T", turn: 4000 };
    aim = stepAim(aim, 1, LIMIT);
    expect(aim.turn).toBe(4500);
    expect(stepAim(aim, 1, LIMIT).turn).toBe(4500);
    expect(stepAim({ target: "T", turn: 0 }, -1, LIMIT).turn).toBe(-500);
  });

  it("a drag points the charger at the pointer in whole degrees, held at the limit", () => {
    const aim = { target: "T", turn: 0 };
    // 30º right of north: (sin 30º, cos 30º).
    expect(dragAim(aim, charger, LIMIT, { x: 5000, y: 8660 }).turn).toBe(3000);
    // Due east is beyond 45º: held at 45º.
    expect(dragAim(aim, charger, LIMIT, { x: 10000, y: 0 }).turn).toBe(4500);
    expect(dragAim(aim, charger, LIMIT, { x: 0, y: 0 })).toBe(aim);
  });

  it("draws the knob along the turned facing and says the turn in words", () => {
    expect(aimKnob(charger, 9000, 100)).toEqual({ x: 100, y: 0 });
    expect(turnWords(0)).toBe("straight ahead");
    expect(turnWords(-1500)).toBe("15º left");
  });
});
