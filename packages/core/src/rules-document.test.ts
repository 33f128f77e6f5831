import { describe, expect, it } from "vitest";
import { z } from "zod";
import { builtInRules, loadRulesDocument } from "./rules-document.js";

const Schema = z.strictObject({ version: z.string(), size: z.number() });
const even = (data: { size: number }) =>
  data.size % 2 === 0 ? [] : [{ path: "size", message: "must be even" }];

describe("loadRulesDocument", () => {
  it("gives the values, their label and the hash of the document as written", () => {
    const r = loadRulesDocument(Schema, { version: "v1", size: 4 }, even);
    expect(r.ok && r.value.data).toEqual({ version: "v1", size: 4 });
    expect(r.ok && r.value.version).toBe("v1");
    expect(r.ok && r.value.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("refuses a wrong shape, then what the consistency check finds, in words", () => {
    const shape = loadRulesDocument(Schema, { version: "v1" }, even);
    expect(shape.ok || shape.error.message).toMatch(/^invalid rules data:\n {2}size: /);
    const odd = loadRulesDocument(Schema, { version: "v1", size: 3 }, even);
    expect(odd.ok || odd.error.message).toBe("invalid rules data:\n  size: must be even");
    expect(() => builtInRules(odd)).toThrow(/built-in rules data is invalid/);
  });
});
