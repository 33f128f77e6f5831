import { type GameContext, hexOfUnit, legalMoves, type Position, unitStats } from "@tercio/musket-and-pike";
import { type CommonOptions, loadPosition } from "../catalog.js";
import { hexLabel, table } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";
import { type ChosenSystem, chooseSystem, readPosition, requireMp, scenarioTitle } from "../systems.js";

export interface LegalOptions extends CommonOptions {
  readonly unit?: string | undefined;
  readonly json?: boolean;
}

/**
 * The legal actions in a position of the chosen system, in its words where
 * it has them; with --unit (Musket & Pike), the hexes one unit can reach.
 */
export function legalCommand(path: string, options: LegalOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    if (options.unit !== undefined) {
      const mp = requireMp(chosen, "legal --unit", "without --unit, tercio legal lists every action");
      const { ctx, position } = loadPosition(io, mp.catalog, path);
      out.print(unitMovesText(ctx, position, options.unit, options.json ?? false));
      return;
    }
    const { ctx, position } = readPosition(io, chosen, path);
    const actions = chosen.system.legalActions(ctx, position);
    out.print(options.json ? JSON.stringify(actions, null, 2) : legalText(chosen, ctx, position, actions));
  });
}

/** The kind of an action, for counts: its `type` where it has one. */
function kindOf(action: unknown): string {
  const type =
    typeof action === "object" && action !== null ? (action as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : "action";
}

/** The system's own listing, else a count by kind and every action as JSON, one a line. */
function legalText(
  chosen: ChosenSystem,
  ctx: unknown,
  position: unknown,
  actions: readonly unknown[],
): string {
  const own = chosen.cli.legalText?.(ctx, position, actions);
  if (own !== undefined) return own;
  const { system } = chosen;
  const counts = new Map<string, number>();
  for (const a of actions) counts.set(kindOf(a), (counts.get(kindOf(a)) ?? 0) + 1);
  const seat = system.toAct(position);
  return [
    `${scenarioTitle(chosen, system.setupOf(ctx, position).scenario)} — ${system.status(ctx, position).text}${
      seat ? ` (${system.seatName(ctx, seat)} to act)` : ""
    }`,
    `${actions.length} legal action${actions.length === 1 ? "" : "s"}${
      counts.size > 0 ? `: ${[...counts].map(([t, n]) => `${t} ${n}`).join(", ")}` : ""
    }`,
    "",
    ...actions.map((a) => `  ${JSON.stringify(a)}`),
  ].join("\n");
}

function unitMovesText(ctx: GameContext, position: Position, unit: string, json: boolean): string {
  const moves = legalMoves(ctx, position, unit);
  if (!moves.ok) return fail(moves.error.message, EXIT_ILLEGAL);
  if (json) return JSON.stringify(moves.value, null, 2);
  const record = position.units[unit];
  const stats = record ? unitStats(ctx.rules, ctx.scenario, record) : undefined;
  const where = hexOfUnit(position, unit);
  const from = where ? `in ${hexLabel(ctx.map, where)}` : "off the map, entering";
  const { destinations, exit } = moves.value;
  const lines = [
    `${unit} (${stats ? ctx.rules.data.unitTypes[stats.type].name : "?"}) ${from}, Movement Allowance ${stats?.movement ?? "?"} MP${record?.limbered ? ", limbered" : ""}`,
    `${destinations.length} reachable hex${destinations.length === 1 ? "" : "es"}${exit ? " and the map edge" : ""}:`,
  ];
  if (destinations.length === 0 && !exit) return [...lines, "  (none)"].join("\n");
  const rows = [...destinations]
    .sort((a, b) => a.cost - b.cost || (a.hex < b.hex ? -1 : 1))
    .map((d) => [hexLabel(ctx.map, d.hex), String(d.cost), d.steps.join(" "), d.canUnlimber ? "yes" : ""]);
  if (exit) rows.push(["exit", String(exit.cost), exit.steps.join(" "), ""]);
  const showUnlimber = destinations.some((d) => d.canUnlimber);
  const headers = ["Hex", "MP", "Path"];
  if (showUnlimber) headers.push("Can unlimber");
  return [
    ...lines,
    table(
      headers,
      rows.map((r) => r.slice(0, headers.length)),
      ["left", "right", "left", "left"],
    ),
  ].join("\n");
}
