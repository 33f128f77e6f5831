import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Catalog, type GameContext, type Position, parsePosition } from "@tercio/musket-and-pike";

/**
 * The perft positions: small JSON position files kept beside the engine's
 * regression test (packages/systems/musket-and-pike/src/perft.test.ts), which freezes their
 * counts. make-fixtures.ts wrote them; the bench reads them as they are.
 */
export const FIXTURE_DIR = fileURLToPath(
  new URL("../../systems/musket-and-pike/src/test-support/perft/", import.meta.url),
);

export interface Fixture {
  readonly name: string;
  readonly ctx: GameContext;
  readonly position: Position;
}

export function loadFixtures(catalog: Catalog): Fixture[] {
  const files = readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort();
  return files.map((file) => {
    const parsed = parsePosition(catalog, JSON.parse(readFileSync(`${FIXTURE_DIR}${file}`, "utf8")));
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
    return { name: file.replace(/\.json$/, ""), ...parsed.value };
  });
}
