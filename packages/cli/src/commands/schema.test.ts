import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { schemaCommand, schemaFiles } from "./schema.js";

const docs = fileURLToPath(new URL("../../../../docs/schemas/", import.meta.url));

describe("tercio schema", () => {
  it("docs/schemas holds the current JSON Schema of every format (regenerate: tercio schema --out-dir docs/schemas)", () => {
    for (const [file, text] of Object.entries(schemaFiles())) {
      expect(readFileSync(`${docs}${file}`, "utf8"), file).toBe(text);
    }
  });

  it("prints one schema, lists them, and refuses an unknown name", () => {
    expect(JSON.parse(schemaCommand("position", {}).stdout).title).toBe("Tercio position");
    expect(schemaCommand(undefined, {}).stdout.split("\n")).toContain("saved-game");
    const r = schemaCommand("nothing", {});
    expect([r.exitCode, r.stderr]).toEqual([1, expect.stringMatching(/no schema "nothing"/)]);
  });

  it("writes every schema to a folder", () => {
    const io = new MemoryIo({});
    expect(schemaCommand(undefined, { outDir: "out" }, io).exitCode).toBe(0);
    expect(io.readText("out/position.schema.json")).toContain('"tercio/position@1"');
  });
});
