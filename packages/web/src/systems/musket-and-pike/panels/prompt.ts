import { type GameContext, type Position, toAct } from "@tercio/musket-and-pike";
import { PHASE_NAMES, playerName } from "@tercio/render";

/** What is expected of the player to act now, in a sentence (the phase bar's prompt). */
export function promptFor(ctx: GameContext, position: Position, human: boolean): string {
  const seat = toAct(position);
  if (seat === null) return "The game is over.";
  const who = playerName(ctx.scenario, seat);
  if (!human) return `The ${who} AI is thinking…`;
  const d = position.decision;
  if (d?.kind === "retreat")
    return `${who}: choose where the retreating unit${d.units.length > 1 ? "s" : ""} from ${d.from} go (8.2): select a highlighted hex.`;
  if (d?.kind === "advance")
    return `${who}: advance into ${d.into} with up to ${d.max} of the attackers, or stay (8.3).`;
  switch (position.phase) {
    case "deployment":
      return `${who}: set up your units in the highlighted zone (16.0) — pick a unit, then a hex; or deploy automatically. End the deployment when done.`;
    case "movement":
      return `${who}: select a unit, then a highlighted hex (cost in MP). End the Movement Phase when done (5.0).`;
    case "fire":
      return `${who}: select a fire unit, then a target in range and sight; allocate, then resolve each attack (7.0).`;
    case "melee":
      return `${who}: select a unit, then an adjacent enemy hex; declare every attack, then resolve them in the order you choose (6.0).`;
  }
  return PHASE_NAMES[position.phase];
}
