import type { GameContext, MapContext, Position, Scenario } from "@tercio/musket-and-pike";
import { type RenderOptions, renderScene } from "./board.js";
import { resultLine, statusLine } from "./describe.js";
import type { TitleBlock } from "./panel.js";

export { attackLayer } from "./attacks.js";
export type { RenderOptions } from "./board.js";
export {
  COUNTER_FONT,
  counterFace,
  counterLayer,
  counterSize,
  faceOf,
  SPENT_OPACITY,
  type StackCounter,
  sideFill,
  spentMark,
  stackCounter,
  stackCounters,
  stackSpent,
} from "./counters.js";
export * from "./describe.js";
export { controlLayer, keyHexLayer } from "./key-hexes.js";
export { centre, createLayout, hexAt, hexPoints, type Layout } from "./layout.js";
export { contrastRatio, relativeLuminance } from "./luminance.js";
export * from "./palette.js";
export { legendPanel } from "./panel.js";
export { mapSheet, type Sheet } from "./sheet.js";

const HEADING = "Musket & Pike";

function scenarioTitle(s: Scenario): Pick<TitleBlock, "title" | "lines" | "players"> {
  return {
    title: `${s.id} ${s.name}`,
    lines: [
      ...(s.subtitle ? [s.subtitle] : []),
      `${s.date} — ${s.war}`,
      `Complexity ${s.complexity}; balance: ${s.balance.text}; ${s.gameLength} Game-Turns.`,
      `Victory: ${s.victory.text}`,
    ],
    players: s.players.map((p) => ({
      side: p.side,
      text: `${p.side === "first" ? "First" : "Second"}: ${p.name} — stacking ${p.stacking}`,
    })),
  };
}

/** The bare map sheet. */
export function renderMap(map: MapContext, options: RenderOptions = {}): string {
  return renderScene(
    {
      map,
      terrain: map.terrain,
      title: {
        heading: HEADING,
        title: map.data.name,
        lines: [`${map.grid.columns} x ${map.grid.rows} hexes; north is up.`, map.data.note],
      },
    },
    options,
  );
}

/** A scenario's map: its terrain (the North Sea of 16.13), victory hexes, and with `zones` its deployment. */
export function renderScenario(ctx: GameContext, options: RenderOptions = {}): string {
  return renderScene(
    { map: ctx.map, terrain: ctx.terrain, ctx, title: { heading: HEADING, ...scenarioTitle(ctx.scenario) } },
    options,
  );
}

/** A position: the scenario's map with the units on it, and those off it listed beside. */
export function renderPosition(ctx: GameContext, position: Position, options: RenderOptions = {}): string {
  return renderScene(
    {
      map: ctx.map,
      terrain: ctx.terrain,
      ctx,
      position,
      title: {
        heading: HEADING,
        ...scenarioTitle(ctx.scenario),
        status: statusLine(ctx, position),
        ...(position.result ? { result: resultLine(ctx, position.result) } : {}),
      },
    },
    options,
  );
}
