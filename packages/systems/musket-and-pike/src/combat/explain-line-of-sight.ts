import type { GameContext } from "../context.js";
import { idOf, indexOfId } from "../hex/grid.js";
import { lineContacts } from "../hex/line.js";
import type { HexId } from "../hex/offset.js";
import type { Position } from "../state/position.js";
import { elevationOf, terrainOf } from "../terrain.js";
import { ELEVATIONS, type Terrain } from "../vocabulary.js";
import { type Blocking, blockingOf, hilltopsAlwaysSee } from "./line-of-sight.js";

/** A hex the line of sight meets in a piece of positive length (7.3G). */
export interface SightHex {
  readonly hex: HexId;
  /** "interior": through two of its hexsides (or junctions); "hexside": along one of its sides. */
  readonly contact: "interior" | "hexside";
  readonly terrain: Terrain;
  readonly occupied: boolean;
  /** Why it blocks this line, or null. */
  readonly blocks: Blocking | null;
}

/**
 * Line of sight explained for people: the same answer as lineOfSight, with
 * every hex the line meets, the ones that block it, the hexes it touches at
 * a single junction only (never blocking), the rule case that decides, and
 * a sentence in the rules' words.
 */
export interface LineOfSightExplanation {
  readonly from: HexId;
  readonly to: HexId;
  readonly clear: boolean;
  /** Every hex strictly between the two met with positive length, in order along the line. */
  readonly crossed: readonly SightHex[];
  /** The crossed hexes that block, in order; the first is the one lineOfSight reports. */
  readonly blocking: readonly SightHex[];
  /** Hexes the line touches at one junction point only: they never block. */
  readonly corners: readonly HexId[];
  /** "7.3G", or "7.3" where the errata to 7.3 decides. */
  readonly rule: "7.3G" | "7.3";
  readonly text: string;
}

const ERRATA_TERRAIN =
  "Regardless of elevation, units may never fire through two hexsides (or two hexside junctions) of Woods, Village, or Hilltop Blocking Hexes";
const ERRATA_OCCUPIED = "Units may always fire into and through Occupied hexes which are on lower terrain";
const HILLTOPS = "Units on hilltop hexes may always fire at other hilltop hexes, anywhere on the map";

/** Why `from` sees `to`, or what blocks it (7.3G with its errata); hexes by SPI id, throws on an unknown one. */
export function explainLineOfSight(
  ctx: GameContext,
  position: Position,
  from: HexId,
  to: HexId,
): LineOfSightExplanation {
  const grid = ctx.map.grid;
  const a = hexIndex(ctx, from);
  const b = hexIndex(ctx, to);
  const base = { from, to, corners: [] as HexId[] };
  if (a === b) {
    return {
      ...base,
      clear: true,
      crossed: [],
      blocking: [],
      rule: "7.3G",
      text: `${from} is the firing hex itself.`,
    };
  }
  const contacts = lineContacts(grid, a, b);
  const corners = contacts.filter((c) => c.contact === "vertex").map((c) => idOf(grid, c.hex));
  const always = hilltopsAlwaysSee(ctx, a, b);
  const own = ELEVATIONS.indexOf(elevationOf(ctx, a));
  const crossed: SightHex[] = contacts.flatMap((c) => {
    if (c.contact === "vertex") return [];
    const id = idOf(grid, c.hex);
    const blocks = always ? null : blockingOf(ctx, position, own, c.hex);
    const occupied = (position.stacks[id]?.length ?? 0) > 0;
    return [{ hex: id, contact: c.contact, terrain: terrainOf(ctx, c.hex), occupied, blocks }];
  });
  const blocking = crossed.filter((h) => h.blocks !== null);
  const said = { ...base, corners, crossed, blocking };
  const first = blocking[0];
  if (first) return { ...said, clear: false, ...blockedText(ctx, own, first) };
  return { ...said, clear: true, ...clearText(from, to, crossed, always) };
}

function hexIndex(ctx: GameContext, id: HexId): number {
  const h = indexOfId(ctx.map.grid, id);
  if (h < 0) throw new Error(`explainLineOfSight: there is no hex ${id} on the map`);
  return h;
}

function blockedText(
  ctx: GameContext,
  own: number,
  hex: SightHex,
): Pick<LineOfSightExplanation, "rule" | "text"> {
  const name = ctx.rules.data.terrain[hex.terrain].name.toLowerCase();
  const how =
    hex.contact === "hexside"
      ? `the line runs along a hexside of ${hex.hex}, through "two junction points and a hexside" of a Blocking hex`
      : `the line passes through two hexsides of ${hex.hex}, a Blocking hex`;
  if (hex.blocks === "occupied") {
    return {
      rule: "7.3G",
      text: `Blocked by ${hex.hex}, an occupied hex (${name}) not on lower terrain than the firing hex: ${how} (7.3G; errata to 7.3: "${ERRATA_OCCUPIED}").`,
    };
  }
  const elevated = own > 0;
  return {
    rule: elevated ? "7.3" : "7.3G",
    text: `Blocked by ${hex.hex} (${name}): ${how} (7.3G)${elevated ? `. From higher ground too, errata to 7.3: "${ERRATA_TERRAIN}".` : "."}`,
  };
}

function clearText(
  from: HexId,
  to: HexId,
  crossed: readonly SightHex[],
  always: boolean,
): Pick<LineOfSightExplanation, "rule" | "text"> {
  if (always) {
    return {
      rule: "7.3G",
      text: `Clear: both hexes are hilltops, and these rules data read 7.3(G) alone: "${HILLTOPS}".`,
    };
  }
  if (crossed.length === 0) {
    return { rule: "7.3G", text: `Clear: ${from} and ${to} are adjacent; nothing lies between them (7.3G).` };
  }
  const lower = crossed.filter((h) => h.occupied).map((h) => h.hex);
  const seen = `Clear: the line crosses ${crossed.length} ${crossed.length === 1 ? "hex" : "hexes"}, none of them a Blocking hex (7.3G)`;
  if (lower.length === 0) return { rule: "7.3G", text: `${seen}.` };
  return {
    rule: "7.3",
    text: `${seen}; occupied ${lower.join(", ")} ${lower.length === 1 ? "is" : "are"} on lower terrain (errata to 7.3: "${ERRATA_OCCUPIED}").`,
  };
}
