import { type AnySystem, type DataError, dataError, err, ok, type Result } from "@tercio/core";
import { HORSE_AND_MUSKET_CH11, horseAndMusketCh11, loadRules } from "@tercio/horse-and-musket-ch11";
import { HORSE_AND_MUSKET_NT, horseAndMusketNt, loadRules as loadNtRules } from "@tercio/horse-and-musket-nt";
import { catalogWithRules, defaultCatalog, MUSKET_AND_PIKE, musketAndPike } from "@tercio/musket-and-pike";
import { loadRules as loadPpssRules, PLUCKY_PIKES, pluckyPikes } from "@tercio/plucky-pikes";

/** A rule system as the registry lists it: its id, its title, and how to load it. */
export interface SystemEntry {
  /** Readable and stable: what `--system`, saves and the wire name it by. */
  readonly id: string;
  readonly title: string;
  /** One line for lists: the era, the scale, what plays. */
  readonly summary: string;
  /** The system with its own rules data, or with a user's rules-data file (validated). */
  load(rulesData?: unknown): Result<AnySystem, DataError>;
}

const ENTRIES: readonly SystemEntry[] = [
  {
    id: MUSKET_AND_PIKE,
    title: "Musket & Pike (SPI, 1973)",
    summary: "hex and counters, 1550-1680: 18 historical scenarios, five optional rules",
    load: (rulesData) => {
      if (rulesData === undefined) return ok(musketAndPike(defaultCatalog()));
      const catalog = catalogWithRules(rulesData);
      return catalog.ok ? ok(musketAndPike(catalog.value)) : catalog;
    },
  },
  {
    id: HORSE_AND_MUSKET_CH11,
    title: "Horse and Musket Wargames Rules (chapter 11)",
    summary:
      "miniatures on a measured table, horse-and-musket era: four unit types, eight designed scenarios and random tables, optional squares",
    load: (rulesData) => {
      if (rulesData === undefined) return ok(horseAndMusketCh11());
      const rules = loadRules(rulesData);
      return rules.ok ? ok(horseAndMusketCh11(rules.value)) : rules;
    },
  },
  {
    id: HORSE_AND_MUSKET_NT,
    title: "Horse and Musket Wargame Rules (NT-inspired, 003)",
    summary:
      "miniatures on a measured table, 1740-1865: rolled moves, wheels, line of sight through gaps, threat zones, roll-offs; ten designed scenarios, random tables, four optional rules and the ACW variant",
    load: (rulesData) => {
      if (rulesData === undefined) return ok(horseAndMusketNt());
      const rules = loadNtRules(rulesData);
      return rules.ok ? ok(horseAndMusketNt(rules.value)) : rules;
    },
  },
  {
    id: PLUCKY_PIKES,
    title: "Plucky Pikes and Stalwart Shot (001)",
    summary:
      "miniatures on a measured table, 1450-1660: figures in ranks, unit reaction times, interleaved fire, melee with counter rolls, morale and victory points; the Combat Cards reconstructed",
    load: (rulesData) => {
      if (rulesData === undefined) return ok(pluckyPikes());
      const rules = loadPpssRules(rulesData);
      return rules.ok ? ok(pluckyPikes(rules.value)) : rules;
    },
  },
];

/** The systems' ids, in the order lists show them. */
export const SYSTEM_IDS: readonly string[] = ENTRIES.map((e) => e.id);

/** The system a game is played with when none is named (saves and stored games from before systems had ids). */
export const DEFAULT_SYSTEM_ID = MUSKET_AND_PIKE;

export function listSystems(): readonly SystemEntry[] {
  return ENTRIES;
}

export function findSystem(id: string): SystemEntry | undefined {
  return ENTRIES.find((e) => e.id === id);
}

/** The named system with its own rules data, or an error naming the systems there are. */
export function loadSystem(id: string, rulesData?: unknown): Result<AnySystem, DataError> {
  const entry = findSystem(id);
  if (!entry)
    return err(
      dataError("system", [
        { path: "system", message: `no rule system "${id}"; the systems are ${SYSTEM_IDS.join(", ")}` },
      ]),
    );
  return entry.load(rulesData);
}

/** Every system with its own rules data, by id: what a server hosts by default. */
export function defaultSystems(): ReadonlyMap<string, AnySystem> {
  const out = new Map<string, AnySystem>();
  for (const e of ENTRIES) {
    const loaded = e.load();
    if (!loaded.ok) throw new Error(`the built-in ${e.id} rules data does not load: ${loaded.error.message}`);
    out.set(e.id, loaded.value);
  }
  return out;
}
