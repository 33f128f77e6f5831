import { legalActions } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { engagesOf, formationsFor, officerJoinsOf, stepChoices } from "./choices.js";
import { atFirstMove, play } from "./test-game.js";

describe("the choices the panel offers", () => {
  it("are legalActions' engagements and officers' joins in a side's move", () => {
    for (const scenario of ["cerignola-trenches", "pavia-park"]) {
      const { ctx, position } = atFirstMove(scenario);
      const all = legalActions(ctx, position);
      const ids = Object.keys(position.units).sort();
      const engages = ids.flatMap((id) => engagesOf(ctx, position, id));
      expect(engages).toEqual(all.filter((a) => a.type === "engage"));
      expect(officerJoinsOf(ctx, position)).toEqual(all.filter((a) => a.type === "officer"));
      expect(stepChoices(ctx, position)).toEqual([]);
    }
  });

  it("[001 Formations] offer only the orders a unit forms, as legalActions' changes of formation", () => {
    const { ctx, position } = atFirstMove();
    const all = legalActions(ctx, position);
    for (const id of Object.keys(position.units)) {
      const u = position.units[id];
      if (!u || u.side !== position.toMove) continue;
      const offered = formationsFor(ctx, position, id).filter((f) => f !== u.formation);
      const listed = all.flatMap((a) =>
        a.type === "move" && a.unit === id && a.program.length === 1 && a.program[0]?.op === "form"
          ? [a.program[0].formation]
          : [],
      );
      // Every change legalActions lists is offered; those offered beyond it are refused for room or time.
      for (const f of listed) expect(offered).toContain(f);
      if (ctx.units[id]?.melee === "pike") expect(offered).not.toContain("skirmish");
    }
  });

  it("are legalActions' own in a fire step", () => {
    const { ctx, position } = atFirstMove();
    const fire = play(ctx, position, { type: "end-phase" });
    if (fire.part === "fire-1") expect(stepChoices(ctx, fire)).toEqual(legalActions(ctx, fire));
    expect(engagesOf(ctx, fire, Object.keys(fire.units)[0] as string)).toEqual([]);
  });
});
