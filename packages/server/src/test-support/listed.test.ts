import { apply } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { attack, field } from "../../../systems/musket-and-pike/src/test-support/combat.js";
import { listedVerdict } from "./listed.js";

describe("listedVerdict: the second opinion on what the server accepted", () => {
  // Two EP melee attack two MP hexes together (6.2F): the attack may be resolved by naming either hex.
  const { ctx, position } = field({ "0707": ["B-EP1", "B-EP2"], "0706": ["G-MP1"], "0708": ["G-MP2"] });
  let before = position;
  for (const a of [attack("B-EP1", "0706", "0708"), attack("B-EP2", "0706", "0708")]) {
    const r = apply(ctx, before, a);
    if (!r.ok) throw new Error(r.error.message);
    before = r.value.position;
  }

  it("[6.3G] a resolve naming any hex of a declared attack is listed, as the engine accepts it", () => {
    expect(listedVerdict(ctx, before, { type: "resolve", target: "0706" })).toBe("listed");
    expect(listedVerdict(ctx, before, { type: "resolve", target: "0708" })).toBe("listed");
  });

  it("[6.3G] a resolve of a hex no attack covers is illegal", () => {
    expect(listedVerdict(ctx, before, { type: "resolve", target: "0705" })).toBe("illegal");
    expect(apply(ctx, before, { type: "resolve", target: "0705" }).ok).toBe(false);
  });
});
