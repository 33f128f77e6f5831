import {
  type DataError,
  type DataIssue,
  dataError,
  err,
  hashOf,
  isPrngState,
  ok,
  type Result,
  seedPrng,
  type ValueHasher,
  zodIssues,
} from "@tercio/core";
import { type Catalog, type GameContext, gameContext, zoneKey } from "../context.js";
import { distance, indexOfId } from "../hex/grid.js";
import { halfCostToEnter, PROHIBITED } from "../rules-data/rules-context.js";
import { overStacked } from "../stacking.js";
import { type OptionalRule, SIDES, TERRAINS, type Terrain } from "../vocabulary.js";
import { POSITION_FORMAT, type Position, PositionInputSchema, type UnitRecord } from "./position.js";
import { sortedStacks } from "./stacks.js";
import { unitStats } from "./unit-stats.js";

/** The hash of a position: of everything but the hash field itself. */
export function positionHash(position: Position, hasher?: ValueHasher): string {
  const { hash: _ignored, attacks, fired, ...rest } = position as Position & { hash?: string };
  // Empty lists added after the first position files hash as before (position@1 files stay valid).
  return hashOf(
    {
      ...rest,
      ...(attacks.length > 0 ? { attacks } : {}),
      ...(fired.length > 0 ? { fired } : {}),
    },
    hasher,
  );
}

/** The position as a JSON-ready object carrying its hash. */
export function makePosition(position: Position): Position & { hash: string } {
  return { ...position, hash: positionHash(position) };
}

/**
 * The position as canonical JSON text: fields in a fixed order, records
 * sorted by key, so the same position is always the same bytes.
 */
export function serialisePosition(position: Position): string {
  const sorted = <T>(record: Readonly<Record<string, T>>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  const unit = (u: UnitRecord) => ({
    side: u.side,
    type: u.type,
    force: u.force,
    ...(u.as ? { as: u.as } : {}),
    ...(u.role ? { role: u.role } : {}),
    disrupted: u.disrupted,
    limbered: u.limbered,
    roadMode: u.roadMode,
    dismounted: u.dismounted,
  });
  const ordered = {
    format: position.format,
    rules: { version: position.rules.version, hash: position.rules.hash },
    scenario: position.scenario,
    options: { optionalRules: [...position.options.optionalRules] },
    gameTurn: position.gameTurn,
    phasing: position.phasing,
    phase: position.phase,
    units: Object.fromEntries(Object.entries(sorted(position.units)).map(([id, u]) => [id, unit(u)])),
    stacks: sorted(position.stacks),
    offMap: sorted(position.offMap),
    moved: [...position.moved],
    control: sorted(position.control),
    squares: [...position.squares].sort(),
    ...(position.attacks.length > 0
      ? {
          attacks: position.attacks.map((a) => ({
            kind: a.kind,
            attackers: [...a.attackers],
            targets: [...a.targets],
            resolved: a.resolved,
            defenders: [...a.defenders],
          })),
        }
      : {}),
    ...(position.fired.length > 0 ? { fired: [...position.fired] } : {}),
    ...(position.special ? { special: position.special } : {}),
    ...(position.decision ? { decision: position.decision } : {}),
    ...(position.result ? { result: position.result } : {}),
    prng: position.prng,
    hash: positionHash(position),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/**
 * An unchecked position (from a file, a test, a player setting up a
 * problem) becomes a validated Position for its scenario, or a DataError
 * naming every field that is wrong (chessops' Setup -> Position).
 */
export function parsePosition(
  catalog: Catalog,
  json: unknown,
): Result<{ readonly ctx: GameContext; readonly position: Position }, DataError> {
  const parsed = PositionInputSchema.safeParse(json);
  if (!parsed.success) return err(dataError("position", zodIssues(parsed.error)));
  const { hash, rules, options, prng, decision, result, special, ...given } = parsed.data;
  const ctxResult = gameContext(catalog, given.scenario);
  if (!ctxResult.ok)
    return err(dataError("position", [{ path: "scenario", message: ctxResult.error.message }]));
  const ctx = ctxResult.value;
  const position: Position = {
    ...given,
    rules: rules ?? { version: ctx.rules.version, hash: ctx.rules.hash },
    options: options ?? { optionalRules: [...ctx.scenario.requiredOptionalRules] },
    stacks: sortedStacks(given.stacks),
    prng: prng ?? seedPrng(0),
    ...(decision ? { decision } : {}),
    ...(result ? { result } : {}),
    ...(special ? { special } : {}),
  };
  const issues = positionIssues(ctx, position);
  if (hash !== undefined && issues.length === 0 && positionHash(position) !== hash) {
    issues.push({
      path: "hash",
      message: `the position does not match its hash ${hash} (edited or corrupted?); remove "hash" to accept it as it is`,
    });
  }
  return issues.length > 0 ? err(dataError("position", issues)) : ok({ ctx, position });
}

/** Every way a position breaks the rules or its scenario; empty when it is a position the rules allow. */
export function positionIssues(ctx: GameContext, position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const { scenario, rules, map } = ctx;
  if (position.format !== POSITION_FORMAT) add("format", `expected ${POSITION_FORMAT}`);
  if (position.rules.hash !== rules.hash) {
    add(
      "rules",
      `made with rules data "${position.rules.version}" (${position.rules.hash}); the loaded rules data is "${rules.version}" (${rules.hash})`,
    );
  }
  for (const rule of scenario.requiredOptionalRules) {
    if (!position.options.optionalRules.includes(rule))
      add("options.optionalRules", `${scenario.id} requires "${rule}"`);
  }
  if (new Set(position.options.optionalRules).size !== position.options.optionalRules.length) {
    add("options.optionalRules", "an optional rule is listed twice");
  }
  if (position.phase === "deployment" && position.gameTurn !== 1)
    add("gameTurn", "deployment happens before Game-Turn 1");
  if (position.gameTurn > scenario.gameLength) {
    add("gameTurn", `${scenario.id} lasts ${scenario.gameLength} Game-Turns`);
  }
  if (!isPrngState(position.prng)) add("prng", "the PRNG state may not be all zeros");

  // Units: each belongs to a force of its side, and is in exactly one place (never lost or duplicated).
  const placed = new Map<string, string>();
  for (const [hex, ids] of Object.entries(position.stacks)) {
    ids.forEach((id, i) => {
      if (placed.has(id)) add(`stacks.${hex}[${i}]`, `unit ${id} is also in ${placed.get(id)}`);
      placed.set(id, `stacks.${hex}`);
    });
  }
  for (const id of Object.keys(position.offMap)) {
    if (placed.has(id)) add(`offMap.${id}`, `unit ${id} is also in ${placed.get(id)}`);
    placed.set(id, "offMap");
  }
  for (const [id, unit] of Object.entries(position.units)) {
    if (!placed.has(id)) add(`units.${id}`, `unit ${id} is neither on the map nor off it`);
    const player = scenario.players.find((p) => p.side === unit.side);
    const force = player?.forces.find((f) => f.id === unit.force);
    if (!force) {
      add(`units.${id}.force`, `${player?.name ?? unit.side} has no force "${unit.force}" in ${scenario.id}`);
      continue;
    }
    if (unit.role === "fleet" && !scenario.specialRules.includes("nieuport-fleet")) {
      add(`units.${id}.role`, `only Nieuport (16.13) has a fleet`);
    }
    if (unit.as !== undefined && unit.role !== "fleet")
      add(`units.${id}.as`, "only fleet units play as another type");
    const option = (rule: OptionalRule) => position.options.optionalRules.includes(rule);
    // 16.22: a force that "may enter in Road Movement Mode" uses it whether or not the optional rule is chosen.
    const entry = ctx.zones.get(zoneKey(unit.side, unit.force));
    const marches = entry?.kind === "enter" && entry.roadMode;
    if (unit.roadMode && !option("road-movement") && !marches)
      add(`units.${id}.roadMode`, "13.0: Road Movement Mode needs the optional rule road-movement");
    if (unit.dismounted && (unit.type !== "DR" || !option("dismounting-cavalry"))) {
      add(
        `units.${id}.dismounted`,
        "14.0: only Dragoons dismount, under the optional rule dismounting-cavalry",
      );
    }
    const stats = unitStats(rules, scenario, unit);
    if (unit.limbered && (stats.class !== "artillery" || stats.movement === 0 || unit.role === "fleet")) {
      add(`units.${id}.limbered`, `5.4(L): only artillery that can move is ever limbered`);
    }
    const status = position.offMap[id];
    const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
    if (status === "awaiting-entry" && zone?.kind !== "enter") {
      add(`offMap.${id}`, `force "${unit.force}" does not enter from a map edge`);
    }
    if (status === "undeployed" && zone?.kind !== "deploy")
      add(`offMap.${id}`, `force "${unit.force}" is not deployed`);
    if (status === "undeployed" && position.phase !== "deployment") {
      add(`offMap.${id}`, "undeployed units exist only during deployment");
    }
    if (status === "exited" && ctx.exitHexes[unit.side].every((x) => x === 0)) {
      add(`offMap.${id}`, `${scenario.id} lets no ${unit.side}-player unit leave the map`);
    }
  }
  for (const id of placed.keys())
    if (!position.units[id]) add(`units`, `unit ${id} is placed but not listed in units`);

  // Stacks: on the map, on ground the unit may occupy, one side per hex (5.2F).
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(map.grid, hex);
    if (h < 0) {
      add(`stacks.${hex}`, `hex ${hex} is not on the map`);
      continue;
    }
    const sides = new Set(ids.map((id) => position.units[id]?.side));
    if (sides.size > 1) add(`stacks.${hex}`, `5.2(F): units of both sides share hex ${hex}`);
    const terrain = TERRAINS[ctx.terrain[h] as number] as Terrain;
    for (const id of ids) {
      const unit = position.units[id];
      if (!unit) continue;
      const stats = unitStats(rules, scenario, unit);
      const fleet = unit.role === "fleet";
      if (ctx.fleetWater && (ctx.fleetWater[h] === 1) !== fleet) {
        add(
          `stacks.${hex}`,
          `16.13: ${fleet ? `the fleet unit ${id} must stay in the stream or the sea` : `${id} may not be in the stream or the sea`}`,
        );
      } else if (
        !fleet &&
        halfCostToEnter(rules, terrain, stats.class) === PROHIBITED &&
        !roadAllows(ctx, h)
      ) {
        add(`stacks.${hex}`, `9.0: ${stats.class} may not be in ${terrain}`);
      }
    }
  }
  issues.push(...markerIssues(ctx, position));
  issues.push(...combatIssues(position));
  if (position.phase === "melee") {
    // 10.0: the Phasing Player's stacks were checked at the end of his Movement Phase, where an
    // overstack of units that could not move (disrupted, 8.4; no Movement Allowance) may stand.
    const stuck = (id: string) => {
      const unit = position.units[id];
      return !unit || unit.disrupted || unitStats(ctx.rules, ctx.scenario, unit).movement === 0;
    };
    for (const o of overStacked(ctx, position, position.phasing)) {
      if ((position.stacks[o.hex] ?? []).some(stuck)) continue;
      add(
        `stacks.${o.hex}`,
        `10.0: ${o.count} units in ${o.hex} after the Movement Phase (limit ${o.limit})`,
      );
    }
  }
  for (const [i, id] of position.moved.entries()) {
    const unit = position.units[id];
    if (!unit) add(`moved[${i}]`, `no unit ${id}`);
    else if (position.phase !== "movement")
      add(`moved[${i}]`, "units are marked as moved only in a Movement Phase");
    else if (unit.side !== position.phasing) add(`moved[${i}]`, `5.2(D): ${id} is not the Phasing Player's`);
    else if (unit.disrupted) add(`moved[${i}]`, `8.4: ${id} is disrupted and cannot have moved`);
  }
  for (const hex of Object.keys(position.control)) {
    const h = indexOfId(map.grid, hex);
    if (h < 0 || ctx.victoryHexes[h] !== 1)
      add(`control.${hex}`, `hex ${hex} is not a victory hex of ${scenario.id}`);
  }
  issues.push(...deploymentPhaseIssues(ctx, position));
  return issues;
}

/** 12.0 squares, 13.0 road mode and a pending decision (8.2, 8.3), where a position has them. */
function markerIssues(ctx: GameContext, position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(ctx.map.grid, hex);
    ids.forEach((id, i) => {
      // 13.0(E): a unit in Road Movement Mode is always the topmost unit of its stack.
      if (position.units[id]?.roadMode && i > 0)
        add(`stacks.${hex}`, `13.0(E): ${id} is in Road Movement Mode but not on top`);
      if (position.units[id]?.roadMode && h >= 0 && (ctx.map.roadMask[h] as number) === 0) {
        add(`stacks.${hex}`, `13.0(A): ${id} is in Road Movement Mode off the road`);
      }
    });
  }
  position.squares.forEach((hex, i) => {
    const path = `squares[${i}]`;
    if (!position.options.optionalRules.includes("infantry-squares"))
      add(path, "12.0: squares need the optional rule infantry-squares");
    if (position.squares.indexOf(hex) !== i) add(path, `hex ${hex} is listed twice`);
    const ids = position.stacks[hex] ?? [];
    if (ids.length === 0) add(path, `12.0: no units form a square in ${hex}`);
    if (ids.length > 4) add(path, `12.1(A): a square holds at most four units, ${hex} has ${ids.length}`);
    for (const id of ids) {
      const unit = position.units[id];
      if (unit && unitStats(ctx.rules, ctx.scenario, unit).class === "cavalry") {
        add(path, `12.3(E): only infantry and artillery may be in a square, not ${id}`);
      }
      if (unit?.roadMode) add(path, `${id} cannot be in Road Movement Mode inside a square`);
    }
  });
  const decision = position.decision;
  if (decision) {
    const path = "decision";
    if (position.phase !== "melee")
      add(path, `8.2, 8.3: retreats and advances are decided in a Melee Combat Phase`);
    if (decision.kind === "retreat") {
      const onMap = new Set(Object.values(position.stacks).flat());
      const head = decision.units[0];
      if (head !== undefined && !(position.stacks[decision.from] ?? []).includes(head))
        add(`${path}.units`, `${head} is not in ${decision.from}`);
      for (const id of decision.units) {
        if (!onMap.has(id)) add(`${path}.units`, `${id} is not on the map`);
        if (position.units[id]?.side === decision.side) {
          add(
            `${path}.side`,
            `8.2: the enemy of the retreating units chooses their retreat, not the ${decision.side} player`,
          );
        }
      }
    } else {
      if (decision.side !== position.phasing)
        add(`${path}.side`, "8.3: the attacker (the Phasing Player) advances");
      const inside = position.stacks[decision.into] ?? [];
      const captured = decision.capture ?? [];
      if (inside.some((id) => !captured.includes(id)) || captured.some((id) => !inside.includes(id)))
        add(`${path}.into`, `8.3: ${decision.into} is not vacant (15.0: but for the guns to capture)`);
      for (const id of captured) {
        const unit = position.units[id];
        if (!position.options.optionalRules.includes("artillery-capture"))
          add(`${path}.capture`, "15.0: captures need the optional rule artillery-capture");
        if (
          !unit ||
          unit.side === decision.side ||
          !unit.disrupted ||
          unitStats(ctx.rules, ctx.scenario, unit).class !== "artillery"
        )
          add(`${path}.capture`, `15.0: ${id} is not a disrupted enemy artillery unit`);
      }
      const into = indexOfId(ctx.map.grid, decision.into);
      for (const id of decision.candidates) {
        const hex = Object.entries(position.stacks).find(([, ids]) => ids.includes(id))?.[0];
        const at = hex ? indexOfId(ctx.map.grid, hex) : -1;
        if (
          position.units[id]?.side !== decision.side ||
          at < 0 ||
          into < 0 ||
          distance(ctx.map.grid, at, into) !== 1
        ) {
          add(`${path}.candidates`, `8.3: ${id} is not an attacker adjacent to ${decision.into}`);
        }
      }
    }
  }
  return issues;
}

/** Declared attacks belong to a combat phase and the Phasing Player; a result only to a finished game. */
function combatIssues(position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (position.attacks.length > 0 && position.phase !== "fire" && position.phase !== "melee")
    add("attacks", `6.0, 7.0: attacks are allocated in a combat phase, not the ${position.phase} phase`);
  const seen = new Set<string>();
  position.attacks.forEach((a, i) => {
    const path = `attacks[${i}]`;
    const caracole =
      a.kind === "fire" && position.phase === "melee" && position.options.optionalRules.includes("caracolla");
    if (a.kind !== position.phase && !caracole)
      add(`${path}.kind`, `a ${a.kind} attack in the ${position.phase} phase`);
    for (const id of a.attackers) {
      const unit = position.units[id];
      if (!unit) add(`${path}.attackers`, `there is no unit ${id}`);
      else if (unit.side !== position.phasing) add(`${path}.attackers`, `${id} is not the Phasing Player's`);
      if (seen.has(id)) add(`${path}.attackers`, `6.1(B): ${id} takes part in more than one attack`);
      seen.add(id);
    }
    for (const id of a.defenders) if (!position.units[id]) add(`${path}.defenders`, `there is no unit ${id}`);
    if (!a.resolved && a.defenders.length > 0)
      add(`${path}.defenders`, "an unresolved attack has no defenders yet");
  });
  if (position.result && position.phase !== "game-over") add("result", "only a finished game has a result");
  position.fired.forEach((id, i) => {
    if (position.units[id]?.side !== position.phasing)
      add(`fired[${i}]`, `${id} is not a unit of the Phasing Player`);
  });
  if (position.fired.length > 0 && !position.options.optionalRules.includes("caracolla"))
    add("fired", "11.0: only the Caracolla rule remembers who fired");
  return issues;
}

function roadAllows(ctx: GameContext, h: number): boolean {
  // 5.3: the road takes precedence over other terrain, so a road hex in woods may hold artillery.
  return (ctx.map.roadMask[h] as number) !== 0;
}

function deploymentPhaseIssues(ctx: GameContext, position: Position): DataIssue[] {
  const issues: DataIssue[] = [];
  if (position.phase !== "deployment") return issues;
  // 16.0: the First Player deploys first, then the Second; each unit within its force's zone.
  const current = SIDES.indexOf(position.phasing);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(ctx.map.grid, hex);
    for (const id of ids) {
      const unit = position.units[id];
      if (!unit) continue;
      if (SIDES.indexOf(unit.side) > current) {
        issues.push({
          path: `stacks.${hex}`,
          message: `${id}: the ${unit.side} player has not deployed yet`,
        });
      }
      const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
      if (zone?.kind === "deploy" && !zone.hexes.includes(h)) {
        issues.push({ path: `stacks.${hex}`, message: `${id} is outside its force's deployment zone` });
      }
      if (zone?.kind === "enter")
        issues.push({ path: `stacks.${hex}`, message: `${id} enters during play, not at set-up` });
    }
  }
  for (const [id, status] of Object.entries(position.offMap)) {
    const unit = position.units[id];
    if (unit && status === "undeployed" && SIDES.indexOf(unit.side) < current) {
      issues.push({ path: `offMap.${id}`, message: `the ${unit.side} player's deployment is over` });
    }
  }
  return issues;
}
