import type { GameEvent } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { atFirstMove, opened, play } from "./test-game.js";
import {
  armyScores,
  initiativeOf,
  officerLine,
  ppActionWords,
  ppAnnounce,
  ppEventKind,
  ppLocate,
  unitLine,
} from "./words.js";

describe("001 in the browser's words", () => {
  it("says a unit's ranks, morale and URT clock", () => {
    const { ctx, position } = opened();
    const id = Object.keys(position.units).sort()[0] as string;
    const line = unitLine(ctx, position, id);
    expect(line).toMatch(new RegExp(`^${id} `));
    expect(line).toMatch(/places filled\); steady; URT clock: none of its move used \(0 of \d URTs?\)/);
    const gone = {
      ...position,
      units: { ...position.units, [id]: { ...position.units[id], gone: "routed" as const } },
    };
    // biome-ignore lint/suspicious/noExplicitAny: a position built by hand for the words
    expect(unitLine(ctx, gone as any, id)).toMatch(/: routed from the table$/);
  });

  it("says where an officer is", () => {
    const { ctx, position } = opened();
    const id = Object.keys(position.officers).sort()[0] as string;
    expect(officerLine(ctx, position, id)).toMatch(
      /(commanding general|general|staff officer), (with|standing alone)/,
    );
  });

  it("words every action and files every event", () => {
    expect(ppActionWords({ type: "move", unit: "S1", program: [{ op: "advance", ticks: 6096 }] })).toBe(
      'S1: advance 1"',
    );
    expect(ppActionWords({ type: "engage", unit: "S1", target: "F2", charge: true })).toBe("S1 charges F2");
    expect(ppActionWords({ type: "react", choice: "change-formation", formation: "hedgehog" })).toBe(
      "counter roll answered: change-formation (hedgehog)",
    );
    const kinds: GameEvent[] = [
      { type: "initiative", turn: 1, first: 50, second: 20, mover: "first" },
      {
        type: "strike",
        unit: "S1",
        target: "F1",
        kind: "fire",
        d10: 5,
        lf: { num: 12, den: 1 },
        df: 10,
        hits: 1,
      },
      { type: "moved", unit: "S1", what: "advance", spent: 500 },
    ];
    expect(kinds.map(ppEventKind)).toEqual(["turns", "combat", "movement"]);
  });

  it("announces the initiative roll and finds it for the status", () => {
    const { ctx, position } = opened();
    const step = play(ctx, position, { type: "initiative" });
    expect(step.part).toBe("move-1");
    const events: GameEvent[] = [{ type: "initiative", turn: 1, first: 92, second: 20, mover: "first" }];
    expect(ppAnnounce(ctx, events)).toMatch(/^Initiative, turn 1: .* 92, .* 20 on d%; .* move first$/);
    expect(initiativeOf([{ events }], 1)?.first).toBe(92);
    expect(initiativeOf([{ events }], 2)).toBeUndefined();
    expect(armyScores([{ events }])).toEqual([]);
  });

  it("locates the units a line is about that are still on the table", () => {
    const { position } = atFirstMove();
    const [a, b] = Object.keys(position.units).sort();
    expect(
      ppLocate({ type: "firing-first", a: a as string, b: b as string, scoreA: 1, scoreB: 2 }, position),
    ).toEqual([a, b]);
    expect(ppLocate({ type: "part-began", turn: 1, part: "move-1", side: "first" }, position)).toEqual([]);
  });
});
