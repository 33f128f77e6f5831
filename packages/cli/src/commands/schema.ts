import { join } from "node:path";
import { jsonSchemas } from "@tercio/musket-and-pike";
import type { CommonOptions } from "../catalog.js";
import { type CommandResult, fail, type Io, nodeIo, run } from "../io.js";
import { requireMpSystem } from "../systems.js";

/** The file name under docs/schemas/ of each format's JSON Schema. */
export function schemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, schema] of Object.entries(jsonSchemas())) {
    out[`${name}.schema.json`] = `${JSON.stringify(schema, null, 2)}\n`;
  }
  return out;
}

/**
 * `tercio schema [NAME] [--out-dir DIR]`: the JSON Schema of a file format
 * (position, action, saved-game, rules-data, map, scenarios), derived from the
 * engine's validators; with --out-dir, all of them written as files.
 */
export function schemaCommand(
  name: string | undefined,
  options: CommonOptions & { outDir?: string },
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    requireMpSystem(options, "schema", io);
    const files = schemaFiles();
    if (options.outDir !== undefined) {
      for (const [file, text] of Object.entries(files)) io.writeText(join(options.outDir, file), text);
      out.print(`wrote ${Object.keys(files).length} schemas to ${options.outDir}`);
      return;
    }
    if (name === undefined) {
      out.print(Object.keys(jsonSchemas()).join("\n"));
      return;
    }
    const text = files[`${name}.schema.json`];
    if (text === undefined) fail(`no schema "${name}"; try one of: ${Object.keys(jsonSchemas()).join(", ")}`);
    out.print(text);
  });
}
