import { defaultCatalog, type GameContext, gameContext } from "@tercio/musket-and-pike";

export const catalog = defaultCatalog();

/** The 18 scenarios' rule numbers. */
export const SCENARIO_IDS = catalog.scenarios.scenarios.map((s) => s.id);

export function context(id: string): GameContext {
  const ctx = gameContext(catalog, id);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}
