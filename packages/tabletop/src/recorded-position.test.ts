import { dataError, err, ok } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readPosition } from "./recorded-position.js";

/** A toy system's position: its rules data's hash, a scenario, and a count that must not pass the scenario's. */
const Schema = z.strictObject({
  rules: z.strictObject({ hash: z.string() }),
  scenario: z.string(),
  count: z.number().int(),
});
type Toy = z.infer<typeof Schema>;

const reading = {
  schema: Schema,
  rulesHash: "abc",
  contextOf: (p: Toy) =>
    p.scenario === "small"
      ? ok({ most: 3 })
      : err(dataError("setup", [{ path: "scenario", message: `no scenario "${p.scenario}"` }])),
  issues: (ctx: { most: number }, p: Toy) =>
    p.count > ctx.most ? [{ path: "count", message: `more than ${ctx.most}` }] : [],
};

const paths = (r: ReturnType<typeof readPosition>) => (r.ok ? [] : r.error.issues.map((i) => i.path));

describe("an untrusted tabletop position is read step by step", () => {
  it("accepts a position of the loaded rules data, its scenario and its invariants, with its context", () => {
    const r = readPosition(reading, { rules: { hash: "abc" }, scenario: "small", count: 2 });
    expect(r).toEqual(
      ok({ ctx: { most: 3 }, position: { rules: { hash: "abc" }, scenario: "small", count: 2 } }),
    );
  });

  it("refuses a bad shape, other rules data, an unknown scenario and a broken invariant, naming the path", () => {
    expect(paths(readPosition(reading, { rules: { hash: "abc" }, scenario: "small" }))).toEqual(["count"]);
    const other = readPosition(reading, { rules: { hash: "def" }, scenario: "small", count: 2 });
    expect(other.ok ? "" : other.error.issues[0]?.message).toBe("recorded under rules data def, loaded abc");
    expect(paths(readPosition(reading, { rules: { hash: "abc" }, scenario: "big", count: 2 }))).toEqual([
      "scenario",
    ]);
    expect(paths(readPosition(reading, { rules: { hash: "abc" }, scenario: "small", count: 4 }))).toEqual([
      "count",
    ]);
    expect(paths(readPosition(reading, "not a position"))).toHaveLength(1);
  });
});
