import { type Action, type GameContext, hexOfUnit, type Position } from "@tercio/musket-and-pike";
import { statusLine, wrap } from "../format.js";

/** The legal actions in Musket & Pike's words: deployments by choice of hexes, moves by unit, attacks, decisions. */
export function actionsText(ctx: GameContext, position: Position, actions: readonly Action[]): string {
  const counts = new Map<string, number>();
  for (const a of actions) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
  const lines = [
    `${ctx.scenario.id} ${ctx.scenario.name} — ${statusLine(ctx, position)}`,
    `${actions.length} legal action${actions.length === 1 ? "" : "s"}${
      counts.size > 0 ? `: ${[...counts].map(([t, n]) => `${t} ${n}`).join(", ")}` : ""
    }`,
  ];
  // Deployments: units with the same choice of hexes are listed together.
  const deployHexes = new Map<string, string[]>();
  for (const a of actions) {
    if (a.type === "deploy") deployHexes.set(a.unit, [...(deployHexes.get(a.unit) ?? []), a.hex]);
  }
  if (deployHexes.size > 0) {
    const byChoice = new Map<string, string[]>();
    for (const [unit, hexes] of deployHexes) {
      const key = hexes.join(" ");
      byChoice.set(key, [...(byChoice.get(key) ?? []), unit]);
    }
    lines.push("", "Deploy (units: hexes):");
    for (const [hexes, units] of byChoice) {
      lines.push(wrap(`${units.join(", ")} (${units.length}):`, 100, "  "));
      lines.push(wrap(hexes, 100, "      "));
    }
  }
  const moves = new Map<string, string[]>();
  for (const a of actions) {
    if (a.type !== "move") continue;
    const last = a.steps.at(-1) ?? "";
    const hex = [...a.steps].reverse().find((s) => /^\d{4}$/.test(s));
    // A formation change at the end (unlimbering, 13.0 Road Mode) is shown after the hex it happens in.
    const label = /^\d{4}$/.test(last) || last === "exit" ? last : `${hex ?? "in place"}+${last}`;
    moves.set(a.unit, [...(moves.get(a.unit) ?? []), label]);
  }
  if (moves.size > 0) {
    lines.push("", "Move (unit from hex: destinations by cheapest path):");
    for (const [unit, dests] of moves) {
      const from = hexOfUnit(position, unit) ?? "off map";
      lines.push(wrap(`${unit} from ${from} (${dests.length}): ${dests.join(" ")}`, 100, "  "));
    }
  }
  const reorders = actions.filter((a) => a.type === "reorder");
  if (reorders.length > 0) {
    lines.push("", "Reorder (hex: new order, top first):");
    for (const a of reorders) lines.push(`  ${a.hex}: ${a.order.join(", ")}`);
  }
  lines.push(...combatText(position, actions));
  if (actions.some((a) => a.type === "end-phase")) lines.push("", 'End the phase: {"type":"end-phase"}');
  lines.push("", "Use --json for every action in full, or --unit ID for one unit's moves with their paths.");
  return lines.join("\n");
}

/** Allocations by unit, resolutions, and the answers to a pending retreat or advance. */
function combatText(position: Position, actions: readonly Action[]): string[] {
  const lines: string[] = [];
  const targets = new Map<string, string[]>();
  for (const a of actions) {
    if (a.type === "fire") targets.set(a.unit, [...(targets.get(a.unit) ?? []), a.target]);
    if (a.type === "attack") targets.set(a.unit, [...(targets.get(a.unit) ?? []), a.targets.join("+")]);
  }
  if (targets.size > 0) {
    const verb =
      position.phase === "fire"
        ? "Fire (unit from hex: hexes in range and sight)"
        : "Attack (unit from hex: adjacent enemy hexes)";
    lines.push("", `${verb}:`);
    for (const [unit, hexes] of targets) {
      lines.push(wrap(`${unit} from ${hexOfUnit(position, unit) ?? "?"}: ${hexes.join(" ")}`, 100, "  "));
    }
  }
  const allocated = position.attacks.filter((a) => !a.resolved);
  if (allocated.length > 0) {
    lines.push("", "Allocated, to resolve in any order (tercio odds shows each attack's chances):");
    for (const a of allocated) lines.push(`  ${a.targets.join("+")}: ${a.attackers.join(", ")}`);
  }
  const retreats = actions.filter((a) => a.type === "retreat");
  if (retreats.length > 0 && position.decision?.kind === "retreat") {
    const unit = position.decision.units[0] ?? "";
    lines.push(
      "",
      `Retreat ${unit} from ${position.decision.from} (8.2), the ${position.decision.side} player chooses:`,
    );
    lines.push(wrap(retreats.map((a) => (a.type === "retreat" ? a.to : "")).join(" "), 100, "  "));
  }
  if (position.decision?.kind === "advance") {
    const d = position.decision;
    lines.push("", `Advance into ${d.into} (8.3): up to ${d.max} of ${d.candidates.join(", ")}, or none`);
  }
  return lines;
}
