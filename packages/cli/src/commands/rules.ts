import {
  HORSE_AND_MUSKET_NT,
  loadRules as loadNtRules,
  DEFAULT_RULES_JSON as NT_RULES_JSON,
  type RulesData as NtRulesData,
} from "@tercio/horse-and-musket-nt";
import {
  DEFAULT_RULES_JSON,
  DIE_ROLLS,
  loadRules,
  ODDS,
  type RulesContext,
  TERRAINS,
  UNIT_TYPES,
} from "@tercio/musket-and-pike";
import {
  loadRules as loadPpssRules,
  PLUCKY_PIKES,
  DEFAULT_RULES_JSON as PPSS_RULES_JSON,
  type Rules as PpssRules,
} from "@tercio/plucky-pikes";
import type { CommonOptions } from "../catalog.js";
import { table } from "../format.js";
import { type CommandResult, fail, type Io, nodeIo, parseJson, run } from "../io.js";
import { chooseSystem, mpCatalog, requireMpSystem, systemIdOf } from "../systems.js";

/** The built-in rules data, pretty-printed: the template for a user's own values. */
export function rulesExport(options: CommonOptions = {}): CommandResult {
  return run((out) => {
    if (systemIdOf(options) === HORSE_AND_MUSKET_NT) {
      out.print(JSON.stringify(NT_RULES_JSON, null, 2));
      return;
    }
    if (systemIdOf(options) === PLUCKY_PIKES) {
      out.print(JSON.stringify(PPSS_RULES_JSON, null, 2));
      return;
    }
    requireMpSystem(options, "rules export");
    out.print(JSON.stringify(DEFAULT_RULES_JSON, null, 2));
  });
}

export function rulesValidate(path: string, io: Io = nodeIo, options: CommonOptions = {}): CommandResult {
  return run((out) => {
    if (systemIdOf(options) === HORSE_AND_MUSKET_NT) {
      const loaded = loadNtRules(parseJson(io.readText(path), `the rules file ${path}`));
      if (!loaded.ok) fail(`${path}: ${loaded.error.message}`);
      out.print(`OK: rules data "${loaded.value.version}" (hash ${loaded.value.hash})`);
      out.print(
        `${loaded.value.data.designed.length} values are flagged as designed by Tercio (see: tercio --system ${HORSE_AND_MUSKET_NT} rules show).`,
      );
      return;
    }
    if (systemIdOf(options) === PLUCKY_PIKES) {
      const loaded = loadPpssRules(parseJson(io.readText(path), `the rules file ${path}`));
      if (!loaded.ok) fail(`${path}: ${loaded.error.message}`);
      out.print(`OK: rules data "${loaded.value.version}" (hash ${loaded.value.hash})`);
      out.print(provenanceLine(loaded.value));
      return;
    }
    requireMpSystem(options, "rules validate", io);
    const json = parseJson(io.readText(path), `the rules file ${path}`);
    const rules = loadRules(json);
    if (!rules.ok) fail(`${path}: ${rules.error.message}`);
    const marks = countReconstructed(rules.value);
    out.print(`OK: rules data "${rules.value.version}" (hash ${rules.value.hash})`);
    out.print(
      marks === 0
        ? "No value is flagged as reconstructed."
        : `${marks} value${marks === 1 ? " is" : "s are"} still flagged as reconstructed (see: tercio rules show --rules ${path}).`,
    );
  });
}

function countReconstructed(rules: RulesContext): number {
  const d = rules.data;
  let n = 0;
  for (const t of UNIT_TYPES) n += d.unitTypes[t].reconstructed.length;
  for (const t of TERRAINS) n += d.terrain[t].reconstructed.length;
  n += d.road.reconstructed.length;
  for (const table of [d.crt.melee, d.crt.fire])
    for (const roll of DIE_ROLLS) n += table.printed[`${roll}`].filter((p) => !p).length;
  for (const row of Object.values(d.rangeChart.rows)) n += row?.reconstructed.filter((r) => r).length ?? 0;
  return n;
}

const FOOTNOTE =
  "* reconstructed by Tercio: the value is missing or illegible in the 1973 copy. If you own the printed charts, run `tercio rules export > my-rules.json`, put in the printed values, and pass --rules my-rules.json.";

/** Unit types, terrain, range chart and both CRTs as plain-text tables, reconstructions marked `*`. */
export function rulesText(rules: RulesContext): string {
  const d = rules.data;
  const mark = (value: string, reconstructed: boolean) => (reconstructed ? `${value}*` : value);
  const out: string[] = [`Rules data "${rules.version}" (hash ${rules.hash})`, ""];

  out.push("Unit types (3.3)");
  out.push(
    table(
      ["Type", "Name", "Class", "Melee", "Fire", "Range", "Movement"],
      UNIT_TYPES.map((t) => {
        const u = d.unitTypes[t];
        const r = (f: (typeof u.reconstructed)[number]) => u.reconstructed.includes(f);
        const melee = u.meleeParenthesised ? `(${u.melee})` : String(u.melee);
        return [
          t,
          mark(u.name, r("name")),
          u.class,
          mark(melee, r("melee") || r("meleeParenthesised")),
          u.fire === null ? "-" : mark(String(u.fire), r("fire")),
          u.range === null ? "-" : mark(String(u.range), r("range")),
          mark(String(u.movement), r("movement")),
        ];
      }),
      ["left", "left", "left", "right", "right", "right", "right"],
    ),
  );

  out.push("", "Terrain Effects Chart (9.0): MP to enter by infantry / cavalry / artillery");
  const cost = (c: number | "prohibited") => (c === "prohibited" ? "P" : String(c));
  const terrainRows = TERRAINS.map((t) => {
    const x = d.terrain[t];
    const r = (f: (typeof x.reconstructed)[number]) => x.reconstructed.includes(f);
    const effects = [
      x.meleeDefenceDoubled ? "defence doubled" : "",
      x.cavalryAttackHalved ? "cavalry attack halved" : "",
    ]
      .filter((e) => e !== "")
      .join(", ");
    return [
      x.name,
      mark(
        `${cost(x.movement.infantry)} / ${cost(x.movement.cavalry)} / ${cost(x.movement.artillery)}`,
        r("movement"),
      ),
      mark(String(x.fireProtection), r("fireProtection")),
      mark(effects || "none", r("meleeDefenceDoubled") || r("cavalryAttackHalved")),
      mark(x.elevation, r("elevation")),
      mark(x.blocksLineOfSight ? "yes" : "no", r("blocksLineOfSight")),
    ];
  });
  const road = d.road;
  terrainRows.push([
    "Road (5.3)",
    mark(`${road.movement} (all)`, road.reconstructed.includes("movement")),
    mark(String(road.fireProtection), road.reconstructed.includes("fireProtection")),
    "none",
    "-",
    "-",
  ]);
  out.push(
    table(["Terrain", "MP inf / cav / art", "Fire prot.", "Melee", "Elevation", "Blocks LOS"], terrainRows, [
      "left",
      "left",
      "right",
      "left",
      "left",
      "left",
    ]),
  );
  out.push(`P: prohibited. Limbering or unlimbering costs ${d.limberCost} MP (5.4).`);
  out.push(
    d.lineOfSight.hilltopToHilltop === "always-clear"
      ? "Hilltop to hilltop: always clear (7.3(G) read alone)."
      : "Hilltop to hilltop: woods, villages and hilltops between block (errata to 7.3).",
  );

  out.push("", "Range Effects Chart (7.4): effective Fire Strength by range in hexes");
  const bands = d.rangeChart.bands.map((b) => (b.from === b.to ? `${b.from}` : `${b.from}-${b.to}`));
  const rangeRows: string[][] = [];
  for (const t of UNIT_TYPES) {
    const row = d.rangeChart.rows[t];
    if (!row) continue;
    rangeRows.push([
      t,
      ...row.strengths.map((s, i) => mark(s === null ? "-" : String(s), row.reconstructed[i] ?? false)),
    ]);
  }
  out.push(table(["Type", ...bands], rangeRows, ["left", ...bands.map(() => "right" as const)]));

  for (const which of ["melee", "fire"] as const) {
    const crt = d.crt[which];
    out.push(
      "",
      `${which === "melee" ? "Melee" : "Fire"} Combat Results Table (8.0): die roll (+1 if the hex holds a disrupted unit, 8.4) by odds`,
    );
    out.push(
      table(
        ["Die", ...ODDS],
        DIE_ROLLS.map((roll) => [
          String(roll),
          ...crt.rows[`${roll}`].map((cell, i) => mark(cell, !(crt.printed[`${roll}`][i] ?? true))),
        ]),
        ["right", ...ODDS.map(() => "right" as const)],
      ),
    );
  }
  out.push("", "Results: - no effect, D disrupted, E1/E2 one/two units eliminated (8.11, 8.12).");
  out.push("", FOOTNOTE);
  return out.join("\n");
}

export function rulesShow(options: CommonOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const chosen = systemIdOf(options) === HORSE_AND_MUSKET_NT ? chooseSystem(io, options) : undefined;
    if (chosen?.hmnt) {
      const loaded =
        options.rules === undefined
          ? loadNtRules()
          : loadNtRules(parseJson(io.readText(options.rules), options.rules));
      if (!loaded.ok) fail(loaded.error.message);
      out.print(ntRulesText(loaded.value.data, loaded.value.version, loaded.value.hash));
      return;
    }
    if (systemIdOf(options) === PLUCKY_PIKES) {
      const loaded =
        options.rules === undefined
          ? loadPpssRules()
          : loadPpssRules(parseJson(io.readText(options.rules), options.rules));
      if (!loaded.ok) fail(loaded.error.message);
      out.print(ppssRulesText(loaded.value));
      return;
    }
    out.print(rulesText(mpCatalog(io, options, "rules show").rules));
  });
}

/** How many of 001's provenance entries are printed, reconstructed and designed. */
function provenanceLine(rules: PpssRules): string {
  const count = { printed: 0, reconstructed: 0, designed: 0 };
  for (const p of Object.values(rules.data.provenance)) count[p.source]++;
  return `${count.printed} entries printed in the text, ${count.reconstructed} reconstructed (the Combat Cards), ${count.designed} designed by Tercio (see: tercio --system ${PLUCKY_PIKES} rules show).`;
}

/** 001's rules data in words: where each value comes from, entry by entry. */
function ppssRulesText(rules: PpssRules): string {
  const entries = Object.entries(rules.data.provenance).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const rows = entries.map(([path, p]) => [
    path,
    p.source,
    p.source === "printed" ? `001 ${p.rule}` : p.table,
  ]);
  return [
    `Rules data "${rules.version}" (hash ${rules.hash})`,
    "",
    provenanceLine(rules),
    "",
    table(["Value", "Source", "Paragraph or table"], rows),
    "",
    `Own the Combat Cards? tercio --system ${PLUCKY_PIKES} rules export > my-rules.json, put in the printed values, then --rules my-rules.json.`,
  ].join("\n");
}

/** 003's rules data in words: each type's values, then every value Tercio designed, with its reason. */
function ntRulesText(d: NtRulesData, version: string, hash: string): string {
  const inch = (t: number) => `${Math.round((t / 6096) * 1000) / 1000}"`;
  const rows = (Object.keys(d.unitTypes) as (keyof NtRulesData["unitTypes"])[]).map((t) => {
    const u = d.unitTypes[t];
    return [
      u.name,
      `${inch(u.base.frontage)} × ${inch(u.base.depth)}`,
      `${u.moveClass}: 1Dx + ${inch(u.bonus)}`,
      u.fire
        ? `${inch(u.fire.pointBlank)} / ${inch(u.fire.effective)}${u.fire.subtract ? ` (−${u.fire.subtract})` : ""}`
        : "does not fire",
      u.wheels === 1 ? "once" : `${u.wheels} times`,
      u.enters.join(", "),
    ];
  });
  return [
    `Rules data "${version}" (hash ${hash})`,
    "",
    table(["Type", "Base", "Class and move", "Point blank / effective", "Wheels", "Enters"], rows),
    "",
    `Removed at ${d.removedAt} hits; threat zone ${inch(d.move.threatZone)}; double move beyond ${inch(d.move.doubleBeyond)}; reform ${inch(d.move.reform)}; protection ${inch(d.sides.protection)}; gap ${inch(d.sight.gap)}; too close to call ${inch(d.greyAreas.tooCloseToCall)}.`,
    "",
    "Designed by Tercio (the text is silent):",
    ...d.designed.map((x) => `  ${x.path}: ${x.note}`),
    "",
    `Your own values: tercio --system ${HORSE_AND_MUSKET_NT} rules export > my-rules.json, edit, then --rules my-rules.json.`,
  ].join("\n");
}
