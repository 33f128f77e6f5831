import { type GameContext, musketAndPike, type Position } from "@tercio/musket-and-pike";

export { diceOf, publicHash as mpPublicHash } from "@tercio/musket-and-pike";

/** The tests' Musket & Pike system, with its own rules data. */
export const mp = musketAndPike();

/** The systems a test server hosts: Musket & Pike with the given rules data, or its own. */
export function mpSystems(system = mp): ReadonlyMap<string, typeof system> {
  return new Map([[system.id, system]]);
}

/** A room's public position as Musket & Pike's, with its context: what a client of the game sees. */
export function mpView(room: { readonly publicView: unknown }): { ctx: GameContext; position: Position } {
  const parsed = mp.parsePosition(room.publicView);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
