/**
 * Writes the perft positions (run once; the files are kept in the
 * repository and their counts frozen in packages/systems/musket-and-pike/src/perft.test.ts):
 *
 *   node packages/bench/dist/make-fixtures.js [directory]
 *
 * - <scenario>-opening-movement: the scenario opened with seed 1, both sides
 *   set up by autoDeploy, the First Player's Fire Phase of Game-Turn 1 ended:
 *   his first Movement Phase.
 * - <scenario>-fire, <scenario>-melee: greedy against greedy from seed 1, the
 *   first Fire (Melee) Combat Phase, before any allocation, in which the
 *   Phasing Player has at least MIN_ATTACKS allocations to choose from.
 * - <scenario>-turn3-movement: the same game's first Movement Phase of Game-Turn 3.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRng, greedyPolicy } from "@tercio/ai";
import {
  type Action,
  actor,
  apply,
  autoDeploy,
  defaultCatalog,
  type GameContext,
  gameContext,
  legalActions,
  newGame,
  type Position,
  serialisePosition,
} from "@tercio/musket-and-pike";
import { FIXTURE_DIR } from "./fixtures.js";

const SEED = 1;
const MIN_ATTACKS = 3;
const SCENARIOS = { lutzen: "16.24", nieuport: "16.13" } as const;

function step(ctx: GameContext, position: Position, action: Action): Position {
  const r = apply(ctx, position, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`);
  return r.value.position;
}

function opening(ctx: GameContext): Position {
  const opened = newGame(ctx, { seed: SEED });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  while (position.phase === "deployment") {
    for (const action of autoDeploy(ctx, position)) position = step(ctx, position, action);
    position = step(ctx, position, { type: "end-phase" });
  }
  while (position.phase !== "movement") position = step(ctx, position, { type: "end-phase" });
  return position;
}

/** Greedy against greedy from the opening, stopping at the first position `wanted` accepts. */
function greedyUntil(ctx: GameContext, wanted: (p: Position) => boolean): Position {
  const opened = newGame(ctx, { seed: SEED });
  if (!opened.ok) throw new Error(opened.error.message);
  const rngs = { first: createRng(SEED), second: createRng(SEED ^ 0x5bd1e995) };
  let position = opened.value.position;
  while (position.phase !== "game-over") {
    if (wanted(position)) return position;
    position = step(ctx, position, greedyPolicy.choose(ctx, position, rngs[actor(position)]));
  }
  throw new Error(`${ctx.scenario.id}: the game ended before the position wanted`);
}

function combatStart(kind: "fire" | "melee") {
  return (ctx: GameContext) => (p: Position) =>
    p.phase === kind &&
    !p.decision &&
    p.attacks.length === 0 &&
    legalActions(ctx, p).filter((a) => a.type === (kind === "fire" ? "fire" : "attack")).length >=
      MIN_ATTACKS;
}

const dir = process.argv[2] ?? FIXTURE_DIR;
mkdirSync(dir, { recursive: true });
const catalog = defaultCatalog();
for (const [name, id] of Object.entries(SCENARIOS)) {
  const r = gameContext(catalog, id);
  if (!r.ok) throw new Error(r.error.message);
  const ctx = r.value;
  const positions: Record<string, Position> = {
    "opening-movement": opening(ctx),
    fire: greedyUntil(ctx, combatStart("fire")(ctx)),
    melee: greedyUntil(ctx, combatStart("melee")(ctx)),
    "turn3-movement": greedyUntil(
      ctx,
      (p) => p.phase === "movement" && p.gameTurn === 3 && p.moved.length === 0,
    ),
  };
  for (const [kind, position] of Object.entries(positions)) {
    const file = `${dir}/${name}-${kind}.json`;
    writeFileSync(file, serialisePosition(position));
    console.log(`${file}: Game-Turn ${position.gameTurn}, ${position.phasing} player, ${position.phase}`);
  }
}
