import {
  type Assessment,
  assessAttack,
  citeRule,
  type GameContext,
  type Position,
} from "@tercio/musket-and-pike";
import { type CommonOptions, loadPosition } from "../catalog.js";
import { table } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";
import { mpCatalog } from "../systems.js";

export interface OddsOptions extends CommonOptions {
  readonly units?: string | undefined;
  readonly kind?: "fire" | "melee" | undefined;
  readonly json?: boolean;
}

/**
 * The odds preview (6.3, 7.2, 8.0): an attack's strengths with the rule
 * behind each, the odds column, the die modifier and the exact chance of
 * each result, before any die is rolled.
 */
export function oddsCommand(
  path: string,
  target: string | undefined,
  options: OddsOptions,
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const catalog = mpCatalog(io, options, "odds");
    const { ctx, position } = loadPosition(io, catalog, path);
    const specs = attacksToShow(position, target, options);
    const assessed = specs.map((spec) => {
      const r = assessAttack(ctx, position, spec);
      if (!r.ok) fail(r.error.message, EXIT_ILLEGAL);
      return r.value;
    });
    if (options.json) {
      out.print(JSON.stringify(assessed, null, 2));
      return;
    }
    assessed.forEach((a, i) => {
      if (i > 0) out.print("");
      for (const line of describeAssessment(ctx, a)) out.print(line);
    });
  });
}

function attacksToShow(
  position: Position,
  target: string | undefined,
  options: OddsOptions,
): { kind: "fire" | "melee"; attackers: string[]; targets: string[] }[] {
  const phaseKind = position.phase === "fire" ? "fire" : position.phase === "melee" ? "melee" : undefined;
  const kind = options.kind ?? phaseKind;
  if (target === undefined) {
    const open = position.attacks.filter((a) => !a.resolved);
    if (open.length === 0) fail("no attack is allocated in this position; name a target hex and --units");
    return open.map((a) => ({ kind: a.kind, attackers: [...a.attackers], targets: [...a.targets] }));
  }
  const targets = target.split(",").map((t) => t.trim());
  if (!kind) fail(`the ${position.phase} phase has no combat; say --kind fire or --kind melee`);
  const declared = position.attacks.find((a) => a.targets.some((t) => targets.includes(t)));
  const attackers = options.units
    ? options.units.split(",").map((u) => u.trim())
    : [...(declared?.attackers ?? [])];
  if (attackers.length === 0) fail(`no units are allocated against ${target}; give them with --units`);
  return [{ kind, attackers, targets }];
}

/** The preview as lines of text. */
export function describeAssessment(ctx: GameContext, a: Assessment): string[] {
  const rows = a.attackers.map((l) => [
    l.unit,
    l.hex,
    String(l.printed),
    String(l.strength),
    l.modifiers.map((m) => `${m.text} [${citeRule(m.rule)}]`).join("; "),
  ]);
  const lines = [
    `${a.kind === "fire" ? "Fire" : "Melee"} attack on ${a.targets.join(" + ")} (${ctx.scenario.name})`,
    table(["attacker", "hex", "printed", "strength", "why"], rows),
  ];
  if (a.protection) {
    lines.push(
      `defence: Fire Protection Strength ${a.protection.strength} of ${a.protection.hex} [${citeRule(a.protection.rule)}]; the units in it do not count [7.2(E)]`,
    );
  } else {
    lines.push(
      table(
        ["defender", "hex", "printed", "strength", "why"],
        a.defenders.map((l) => [
          l.unit,
          l.hex,
          String(l.printed),
          String(l.strength),
          l.modifiers.map((m) => `${m.text} [${citeRule(m.rule)}]`).join("; "),
        ]),
      ),
    );
  }
  for (const n of a.notes) lines.push(`${n.text} [${citeRule(n.rule)}]`);
  lines.push(
    `${a.attack} to ${a.defence}: ${a.odds} [6.3(H), 8.1]${a.dieModifier ? `, +${a.dieModifier} to the die [8.4]` : ""}`,
  );
  lines.push(
    a.outcomes
      .map(
        (o) =>
          `${o.result === "-" ? "no effect" : o.result} ${o.sixths}/6 (${(o.probability * 100).toFixed(1)}%)`,
      )
      .join(", "),
  );
  return lines;
}
