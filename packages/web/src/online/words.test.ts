import type { GameInfo } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { opening } from "../game/test-support.js";
import { presenceText, sideToAct, statusText, turnText } from "./words.js";

const { ctx, position } = opening();
const scenario = ctx.scenario;
const seats: GameInfo["seats"] = {
  first: { kind: "human", connected: true },
  second: { kind: "ai", level: "greedy" },
};

describe("the online screen's words", () => {
  it("says how the connection stands", () => {
    expect(statusText({ kind: "online" }, true, 0)).toBe("Online");
    expect(statusText({ kind: "online" }, false, 0)).toBe("Online, catching up…");
    expect(statusText({ kind: "reconnecting", attempt: 3, retryAt: 4_000, reason: "lost" }, false, 0)).toBe(
      "Reconnecting (attempt 3)… next try in 4 s",
    );
    expect(statusText({ kind: "closed", reason: "This link is not valid." }, false, 0)).toBe(
      "Offline: This link is not valid.",
    );
  });

  it("says whose turn it is", () => {
    const side = sideToAct(position, undefined);
    expect(side).toBe("first");
    expect(turnText(scenario, "first", side, seats)).toBe("Your turn");
    expect(turnText(scenario, "second", side, seats)).toBe(`Waiting for the ${scenario.players[0]?.name}`);
    expect(turnText(scenario, "first", "second", seats)).toBe(
      `Waiting for the ${scenario.players[1]?.name} (AI, greedy)`,
    );
    expect(turnText(scenario, "spectator", undefined, seats)).toBe("Game over");
  });

  it("says who is there", () => {
    expect(presenceText(scenario, "second", seats, { first: false, second: true, spectators: 2 })).toBe(
      `Opponent (${scenario.players[0]?.name}): not connected · 2 watching`,
    );
    expect(presenceText(scenario, "first", seats, undefined)).toBe(
      `Opponent (${scenario.players[1]?.name}): AI (greedy)`,
    );
  });
});
