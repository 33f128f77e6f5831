import { type Catalog, type GameContext, gameContext } from "@tercio/musket-and-pike";

export function contextFor(catalog: Catalog, id: string): GameContext {
  const r = gameContext(catalog, id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
