import { describe, expect, it } from "vitest";
import { parseArgs, SECTIONS } from "./args.js";

describe("npm run bench's arguments", () => {
  it("runs every section in full by default", () => {
    const args = parseArgs([]);
    expect([...args.only]).toEqual([...SECTIONS]);
    expect(args).toMatchObject({ quick: false, json: undefined, seed: 1, help: false });
  });

  it("takes --only, --quick, --seed and --json, with or without '='", () => {
    const args = parseArgs(["--only", "hex,perft", "--quick", "--seed=7", "--json", "out.json"]);
    expect([...args.only]).toEqual(["hex", "perft"]);
    expect(args).toMatchObject({ quick: true, seed: 7, json: "out.json" });
  });

  it("refuses unknown sections and arguments, naming them", () => {
    expect(() => parseArgs(["--only", "hex,chess"])).toThrow(/unknown section chess/);
    expect(() => parseArgs(["--fast"])).toThrow(/unknown argument --fast/);
    expect(() => parseArgs(["--json"])).toThrow(/needs a value/);
    expect(() => parseArgs(["--seed", "-1"])).toThrow(/--seed/);
  });
});
