import type { AnySystem } from "@tercio/core";
import { horseAndMusket } from "@tercio/horse-and-musket-ch11";
import { horseAndMusketNtSystem } from "@tercio/horse-and-musket-nt";
import { type Catalog, musketAndPike } from "@tercio/musket-and-pike";
import { pluckyPikesSystem } from "@tercio/plucky-pikes";
import type { AnyView } from "../shell/system-view.js";
import { hm11View } from "./horse-and-musket-ch11/view.js";
import { ntView } from "./horse-and-musket-nt/view.js";
import { mpView } from "./musket-and-pike/view.js";
import { ppView } from "./plucky-pikes/view.js";

/** A rule system as the browser plays it: the rules, its board and words, and a line for the chooser. */
export interface SystemEntry {
  readonly system: AnySystem;
  readonly view: AnyView;
  readonly blurb: string;
}

/**
 * Every system this page plays, Musket & Pike first, then chapter 11, 003 and 001; Musket & Pike under
 * the catalog in force (the built-in rules data or the player's file).
 */
export function systemEntries(catalog: Catalog): readonly SystemEntry[] {
  return [
    {
      system: musketAndPike(catalog),
      view: mpView,
      blurb:
        "SPI, 1973, with the errata of 30 April 1973, on hexes. The rules enforced: hot-seat, against the AI, or online.",
    },
    {
      system: horseAndMusket,
      view: hm11View,
      blurb:
        "Horse and Musket Wargames Rules, chapter 11, on a measured table in inches: bases, facings, fields of fire and charges, every measurement the engine's.",
    },
    {
      system: horseAndMusketNtSystem,
      view: ntView,
      blurb:
        'Horse and Musket Wargame Rules (NT-inspired, 003), on a measured table: rolled moves metered at every corner, wheels on a pinned corner, line of sight through 4" gaps, threat zones, protected flanks, roll-offs for what is too close to call.',
    },
    {
      system: pluckyPikesSystem,
      view: ppView,
      blurb:
        "Plucky Pikes and Stalwart Shot (001), pike and shot on a measured table: figures on stands in ranks, moves and pivots timed in Unit Reaction Times, fire after each side's move, melee with counter rolls, morale from steady to routed, generals and victory points.",
    },
  ];
}

export function entryOf(entries: readonly SystemEntry[], id: string): SystemEntry | undefined {
  return entries.find((e) => e.system.id === id);
}
