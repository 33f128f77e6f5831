import {
  type Catalog,
  type Deployment,
  describeDeployment,
  findScenario,
  idOf,
  type MapContext,
  type Scenario,
  type SpecialRule,
} from "@tercio/musket-and-pike";
import { table, unitCount, unitGroups, wrap } from "../format.js";
import { fail } from "../io.js";

/** The scenario's special rules in words (16.13, 16.24, 16.33). */
export const SPECIAL_RULE_TEXT: Record<SpecialRule, string> = {
  "nieuport-fleet":
    "16.13: the Dutch 2 HA and 4 EA (played as HA, errata) are the Dutch fleet giving fire support. They move only in the stream and the North Sea west of it (errata direction), move and fire each Player-Turn without limbering, and may be fired on but never attacked in melee. No other unit may enter the stream or the sea.",
  "lutzen-ferocity":
    "16.24: after any one Swedish SC is eliminated or disrupted, the entire Swedish force becomes ferocious on the following Friendly Player-Turn: ferocious units may not be disrupted, only eliminated (ignore all D results against them).",
  "staverton-force-a-hold":
    "16.33: Parliamentarian force (a) may not move until the Royalists have attacked some Parliamentarian unit in melee, or any Royalist unit moves within eight hexes of a unit of force (a).",
};

/** A scenario as a JSON-ready summary (the rows of `scenario list --json` and /api/scenarios). */
export function scenarioSummary(s: Scenario) {
  const [first, second] = s.players;
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    ...(s.subtitle ? { subtitle: s.subtitle } : {}),
    date: s.date,
    war: s.war,
    complexity: s.complexity,
    balance: s.balance.text,
    gameLength: s.gameLength,
    firstPlayer: first.name,
    secondPlayer: second.name,
    firstPlayerUnits: s.players[0].forces.reduce((n, f) => n + unitCount(f.units), 0),
    secondPlayerUnits: s.players[1].forces.reduce((n, f) => n + unitCount(f.units), 0),
  };
}

/** The scenarios as `tercio scenario list` prints them: a table, or with `json` the summaries. */
export function scenarioListText(catalog: Catalog, json: boolean): string {
  const scenarios = catalog.scenarios.scenarios;
  if (json) return JSON.stringify(scenarios.map(scenarioSummary), null, 2);
  return [
    table(
      ["ID", "Slug", "Name", "Date", "Cx", "Balance", "Turns", "First Player vs Second Player"],
      scenarios.map((s) => [
        s.id,
        s.slug,
        s.name,
        s.date,
        String(s.complexity),
        s.balance.text,
        String(s.gameLength),
        `${s.players[0].name} vs ${s.players[1].name}`,
      ]),
      ["left", "left", "left", "left", "right", "left", "right", "left"],
    ),
    "",
    `${scenarios.length} scenarios. Cx: complexity, 1 (very simple) to 9 (very complex) (16.0).`,
  ].join("\n");
}

/** The key hexes a deployment names, with their map hex ids: "hex 11 = 2109". */
export function deploymentHexes(map: MapContext, d: Deployment): string {
  const keys: number[] = [];
  switch (d.kind) {
    case "within":
      keys.push(d.of);
      break;
    case "within-any":
      keys.push(...d.of);
      break;
    case "within-road":
    case "within-row":
      keys.push(d.from, d.to);
      break;
    case "enter":
      keys.push(d.near.of);
      break;
    case "region":
      break;
  }
  return keys
    .map((k) => {
      const h = map.keyHexes.get(k);
      return h === undefined ? `hex ${k}` : `hex ${k} = ${idOf(map.grid, h)}`;
    })
    .join(", ");
}

/** One scenario as readable text. */
export function scenarioText(catalog: Catalog, s: Scenario): string {
  const lines: string[] = [];
  lines.push(`${s.id} ${s.name}${s.subtitle ? `: ${s.subtitle}` : ""}`);
  lines.push(`${s.date} — ${s.war}`);
  lines.push(`Complexity ${s.complexity} of 9. Balance: ${s.balance.text}.`);
  lines.push(`Game length: ${s.gameLength} Game-Turns.`);
  for (const p of s.players) {
    lines.push("");
    const total = p.forces.reduce((n, f) => n + unitCount(f.units), 0);
    lines.push(
      `${p.side === "first" ? "First" : "Second"} Player: ${p.name} (${p.colour} counters), ${total} units, stacking ${p.stacking} per hex.`,
    );
    lines.push(`  As printed: ${p.text}`);
    for (const f of p.forces) {
      const label = f.id === "main" ? "  Force" : `  Force (${f.id})`;
      lines.push(`${label}: ${unitGroups(f.units)} — ${unitCount(f.units)} units.`);
      const where = deploymentHexes(catalog.map, f.deployment);
      const how = f.deployment.kind === "enter" ? "Enters" : "Deploys";
      lines.push(
        `    ${how} ${describeDeployment(f.deployment).replace(/^entering /, "")}${where ? ` (${where})` : ""}.`,
      );
      if (f.deployment.kind === "within-row" && f.deployment.occupyEveryRowHex)
        lines.push("    At least one unit on every hex of the row.");
      if (f.deployment.kind === "enter" && f.deployment.roadMode)
        lines.push("    May enter in Road Movement Mode (13.0).");
    }
  }
  lines.push("", "Victory:", wrap(s.victory.text, 96, "  "));
  if (s.specialRules.length > 0) {
    lines.push("", "Special rules:");
    for (const r of s.specialRules) lines.push(wrap(SPECIAL_RULE_TEXT[r], 96, "  "));
  }
  if (s.requiredOptionalRules.length > 0)
    lines.push("", `Optional rules required: ${s.requiredOptionalRules.join(", ")}.`);
  if (s.unitOverrides.length > 0) {
    lines.push("", "Unit values changed:");
    for (const o of s.unitOverrides)
      lines.push(
        `  ${o.side === "first" ? s.players[0].name : s.players[1].name} ${o.type}: melee ${o.melee}`,
      );
  }
  if (s.errata.length > 0) {
    lines.push("", "Errata of 30 April 1973 applied:");
    for (const e of s.errata) lines.push(wrap(`- ${e}`, 96, "  "));
  }
  lines.push("", "Historical note:", wrap(s.historicalNote, 96, "  "));
  return lines.join("\n");
}

export function findScenarioOrFail(catalog: Catalog, id: string): Scenario {
  const s = findScenario(catalog.scenarios, id);
  if (!s)
    fail(
      `no scenario "${id}": give a rule number such as 16.24 or a name such as lutzen (see: tercio scenario list)`,
    );
  return s;
}
