import { describe, expect, it } from "vitest";
import { defaultScenarioCatalog, findScenario, parseScenarioCatalog } from "./load.js";
import json from "./musket-and-pike.scenarios.json" with { type: "json" };
import type { Deployment, Player, Scenario } from "./schema.js";

const catalog = defaultScenarioCatalog();

function scenario(id: string): Scenario {
  const s = findScenario(catalog, id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}

/** "15EP", "4EA as HA (fleet)": one unit group as a person would read it. */
function groups(player: Player, forceId: string): string[] {
  const force = player.forces.find((f) => f.id === forceId);
  if (!force) throw new Error(`no force ${forceId} for ${player.name}`);
  return force.units.map(
    (u) => `${u.count}${u.type}${u.as ? ` as ${u.as}` : ""}${u.role === "fleet" ? " (fleet)" : ""}`,
  );
}

function total(player: Player): number {
  return player.forces.reduce((n, f) => n + f.units.reduce((m, u) => m + u.count, 0), 0);
}

interface ExpectedPlayer {
  side: "first" | "second";
  name: string;
  stacking: 2 | 3;
  total: number;
  text: string;
  /** Force id -> units as printed, in printed order, and deployment. */
  forces: Record<string, { units: string[]; deployment: Deployment }>;
}

function expectPlayer(player: Player, expected: ExpectedPlayer): void {
  expect(player.side).toBe(expected.side);
  expect(player.colour).toBe(expected.side === "first" ? "blue" : "green");
  expect(player.name).toBe(expected.name);
  expect(player.stacking, `${expected.name} stacking`).toBe(expected.stacking);
  expect(player.text).toBe(expected.text);
  expect(player.forces.map((f) => f.id)).toEqual(Object.keys(expected.forces));
  for (const [id, force] of Object.entries(expected.forces)) {
    expect(groups(player, id), `${expected.name} force ${id} units`).toEqual(force.units);
    expect(
      player.forces.find((f) => f.id === id)?.deployment,
      `${expected.name} force ${id} deployment`,
    ).toEqual(force.deployment);
  }
  expect(total(player), `${expected.name} total units`).toBe(expected.total);
}

const within = (of: number, hexes: number): Deployment => ({ kind: "within", of, hexes });
const endOfGame = { kind: "end-of-game" } as const;
const sharedControl = (hexes: object[], text: string, extra: object = {}) => ({
  conditions: [{ side: "either", condition: { kind: "control", hexes, at: endOfGame, ...extra } }],
  otherwise: "draw",
  both: "draw",
  text,
});

/** The scenarios to which an erratum of 30 April 1973 applies. */
const WITH_ERRATA = ["16.13", "16.22", "16.24", "16.35", "16.41", "16.51"];

describe("16.0 the scenarios", () => {
  it("[16.0] has the 18 scenarios in rule-number order, first player blue and second green, errata where due", () => {
    expect(catalog.format).toBe("tercio/scenarios@1");
    expect(catalog.game).toBe("musket-and-pike");
    expect(catalog.scenarios.map((s) => s.id)).toEqual([
      "16.11",
      "16.12",
      "16.13",
      "16.21",
      "16.22",
      "16.23",
      "16.24",
      "16.25",
      "16.26",
      "16.31",
      "16.32",
      "16.33",
      "16.34",
      "16.35",
      "16.36",
      "16.37",
      "16.41",
      "16.51",
    ]);
    for (const s of catalog.scenarios) {
      expect([s.players[0].side, s.players[0].colour], s.id).toEqual(["first", "blue"]);
      expect([s.players[1].side, s.players[1].colour], s.id).toEqual(["second", "green"]);
      expect(s.victory.both, s.id).toBe("draw");
      if (WITH_ERRATA.includes(s.id)) expect(s.errata.length, `${s.id} errata`).toBeGreaterThan(0);
      else expect(s.errata, `${s.id} errata`).toEqual([]);
    }
  });

  it("[16.0] every direction in section 16 is reversed (compass rose printed upside down)", () => {
    const edges = catalog.scenarios.flatMap((s) =>
      s.players.flatMap((p) =>
        p.forces.flatMap((f) => (f.deployment.kind === "enter" ? [[s.id, f.deployment.edge]] : [])),
      ),
    );
    expect(edges).toEqual([
      ["16.22", "south"],
      ["16.24", "east"],
      ["16.41", "south"],
    ]);
    for (const id of ["16.13", "16.22", "16.24", "16.41"]) {
      expect(
        scenario(id).errata.some((e) => e.startsWith("16.0")),
        id,
      ).toBe(true);
    }
  });

  it("[16.0] each player's units line agrees with his forces, and ids and slugs are distinct", () => {
    for (const s of catalog.scenarios) {
      for (const p of s.players) {
        const line = (id: string) =>
          (p.forces.find((f) => f.id === id)?.units ?? []).map((u) => `${u.count}${u.type}`).join(", ");
        const ids = p.forces.map((f) => f.id);
        const expected =
          ids.join() === "a,b" ? `(a) ${line("a")}; (b) ${line("b")}` : ids.map((id) => line(id)).join(", ");
        expect(p.text, `${s.id} ${p.name}`).toBe(expected);
      }
    }
    expect(new Set(catalog.scenarios.map((s) => s.slug)).size).toBe(18);
    expect(new Set(catalog.scenarios.map((s) => s.id)).size).toBe(18);
  });

  it("[16.0] finds a scenario by rule number or slug, case-insensitive", () => {
    expect(findScenario(catalog, "16.24")?.name).toBe("Lutzen");
    expect(findScenario(catalog, "lutzen")?.id).toBe("16.24");
    expect(findScenario(catalog, "LUTZEN")?.id).toBe("16.24");
    expect(findScenario(catalog, " Marston-Moor ")?.id).toBe("16.34");
    expect(findScenario(catalog, "24")).toBeUndefined();
    expect(findScenario(catalog, "16.99")).toBeUndefined();
  });
});

describe("16.10 The Religious Wars", () => {
  it("[16.11] Mookerhyde: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.11");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "mookerhyde",
      "Mookerhyde",
      undefined,
      "1574-04-14",
      "The Religious Wars, 1550-1608",
    ]);
    expect([s.complexity, s.gameLength]).toEqual([4, 20]);
    expect(s.balance).toEqual({ favours: "first", degree: "moderately", text: "favors Spanish moderately" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Spanish",
      stacking: 3,
      total: 39,
      text: "15EP, 8MM, 7PM, 6HC, 2RC, 1MA",
      forces: { main: { units: ["15EP", "8MM", "7PM", "6HC", "2RC", "1MA"], deployment: within(11, 5) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Dutch",
      stacking: 2,
      total: 46,
      text: "15MP, 15MM, 15RC, 1MA",
      forces: { main: { units: ["15MP", "15MM", "15RC", "1MA"], deployment: within(8, 6) } },
    });
    expect(s.victory).toEqual(
      sharedControl(
        [{ townOf: 8 }, { townOf: 11 }],
        "control all hexes in the two towns which contain hexes 8 and 11.",
      ),
    );
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^MOOKERHEYDE \(14 April 1574\)\. At Mookerheyde some 8,000 Dutch/);
    expect(s.historicalNote).toMatch(/problems in the Netherlands\.$/);
  });

  it("[16.12] Coutras: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.12");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "coutras",
      "Coutras",
      undefined,
      "1587-10-20",
      "The Religious Wars, 1550-1608",
    ]);
    expect([s.complexity, s.gameLength]).toEqual([5, 12]);
    expect(s.balance).toEqual({ favours: "first", degree: "slightly", text: "slightly favors Royalists" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "French Royalists",
      stacking: 3,
      total: 38,
      text: "10PP, 18MM, 5LC, 5HC",
      forces: { main: { units: ["10PP", "18MM", "5LC", "5HC"], deployment: within(11, 6) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "French Huguenots",
      stacking: 2,
      total: 38,
      text: "10PP, 10MM, 6LC, 12RC",
      forces: { main: { units: ["10PP", "10MM", "6LC", "12RC"], deployment: within(6, 5) } },
    });
    expect(s.victory).toEqual(
      sharedControl([{ townOf: 6 }], "control of all town hexes in the town including hex 6."),
    );
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^COUTRAS \(20 October 1587\)\. The French Wars of Religion/);
  });

  it("[16.13] Nieuport: forces, stacking, deployment, length and victory as printed, with the errata", () => {
    const s = scenario("16.13");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "nieuport",
      "Nieuport",
      undefined,
      "1600-07-02",
      "The Religious Wars, 1550-1608",
    ]);
    expect([s.complexity, s.gameLength]).toEqual([7, 15]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "even" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Spanish",
      stacking: 3,
      total: 55,
      text: "5PP, 15EP, 12MM, 12PM, 2HC, 6RC, 3MA",
      forces: {
        main: { units: ["5PP", "15EP", "12MM", "12PM", "2HC", "6RC", "3MA"], deployment: within(1, 4) },
      },
    });
    // Errata 16.13: 20PP, 3EP, 12MM, 12PM, 8RC, 2MA, 2HA, 4EA (the printed 6HA become 2HA and 4EA
    // treated as HA); 57 land units within five hexes of hex 6 plus the 6 fleet units: 63 in all.
    expectPlayer(s.players[1], {
      side: "second",
      name: "Dutch",
      stacking: 2,
      total: 63,
      text: "20PP, 3EP, 12MM, 12PM, 8RC, 2MA, 2HA, 4EA",
      forces: {
        main: { units: ["20PP", "3EP", "12MM", "12PM", "8RC", "2MA"], deployment: within(6, 5) },
        // Errata 16.0: the fleet is west (printed east) of the stream.
        fleet: {
          units: ["2HA (fleet)", "4EA as HA (fleet)"],
          deployment: { kind: "region", region: "north-sea" },
        },
      },
    });
    expect(s.players[1].forces[1]?.units).toEqual([
      { type: "HA", count: 2, role: "fleet" },
      { type: "EA", count: 4, as: "HA", role: "fleet" },
    ]);
    // Errata 16.13: no victory conditions were printed; control all hexes in Town #6.
    expect(s.victory).toEqual(sharedControl([{ townOf: 6 }], "Control all hexes in Town #6."));
    expect(s.specialRules).toEqual(["nieuport-fleet"]);
    expect([s.requiredOptionalRules, s.unitOverrides]).toEqual([[], []]);
    const errata = s.errata.join("\n");
    expect(errata).toMatch(/20PP, 3EP, 12MM, 12PM, 8RC, 2MA, 2HA, 4EA/);
    expect(errata).toMatch(/4EA are treated as HA/);
    expect(errata).toMatch(/Allowances and Strengths of the HA counter/);
    expect(errata).toMatch(/North Sea hexes is computed as clear terrain/);
    expect(errata).toMatch(/control all hexes in Town #6/);
    expect(errata).toMatch(/deployed west of the stream/);
    expect(errata).toMatch(/moved in the area west of the stream/);
    expect(errata).toMatch(/hexes west of the stream, the North Sea/);
    expect(s.errata).toHaveLength(7);
    expect(s.historicalNote).toMatch(/^NIEUPORT \(2 July 1600\)\. Nieuport was unusual/);
  });
});

describe("16.20 The Thirty Years' Wars", () => {
  const war = "The Thirty Years' Wars, 1618-1659";

  it("[16.21] White Mountain: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.21");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "white-mountain",
      "White Mountain",
      "Destruction of the Moravian Guard",
      "1620-11-08",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([3, 10]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "equal" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Bohemians",
      stacking: 2,
      total: 25,
      text: "11PP, 6MP, 8PM",
      forces: { main: { units: ["11PP", "6MP", "8PM"], deployment: within(10, 3) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Imperialists",
      stacking: 2,
      total: 37,
      text: "15PP, 15PM, 6HC, 1EA",
      forces: { main: { units: ["15PP", "15PM", "6HC", "1EA"], deployment: within(12, 4) } },
    });
    expect(s.victory).toEqual({
      conditions: [
        { side: "first", condition: { kind: "survive", at: endOfGame } },
        {
          side: "second",
          condition: {
            kind: "eliminate-all",
            levels: [
              { byGameTurn: 5, level: "decisive" },
              { byGameTurn: 8, level: "substantive" },
              { byGameTurn: 10, level: "marginal" },
            ],
            at: { kind: "when-achieved" },
          },
        },
      ],
      otherwise: "draw",
      both: "draw",
      text: "Bohemian Player wins if any of his units survive to end of game. Imperialist Player wins a Decisive victory if all Bohemian units are eliminated by the end of Game-Turn 5; a Substantive Victory if by Game-Turn 8; a Marginal Victory if by Game-Turn 10.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(
      /^WHITE MOUNTAIN \(8 November 1620\): The Destruction of the Moravian Guard\./,
    );
  });

  it("[16.22] Fleurus: forces, stacking, deployment, length and victory as printed, directions reversed", () => {
    const s = scenario("16.22");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "fleurus",
      "Fleurus",
      "Charge of the Danish Cavalry",
      "1622-08-29",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([4, 20]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "equal" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Spanish",
      stacking: 3,
      total: 27,
      text: "10PP, 10PM, 2HC, 4LC, 1EA",
      forces: { main: { units: ["10PP", "10PM", "2HC", "4LC", "1EA"], deployment: within(11, 5) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Protestants",
      stacking: 3,
      total: 46,
      text: "16PP, 12PM, 10HC, 6RC, 2MA",
      forces: {
        main: {
          units: ["16PP", "12PM", "10HC", "6RC", "2MA"],
          // Errata 16.0: printed "north edge".
          deployment: {
            kind: "enter",
            edge: "south",
            gameTurn: 1,
            near: { of: 12, hexes: 8 },
            roadMode: true,
          },
        },
      },
    });
    expect(s.victory).toEqual({
      conditions: [
        {
          side: "second",
          // Errata 16.0: printed "south edge".
          condition: { kind: "exit", count: 20, edge: "north", road: "main", withinOfRoad: 3, at: endOfGame },
        },
      ],
      otherwise: "first",
      both: "draw",
      text: "Protestants must exit twenty units off north edge of map within three hexes of road by end of game.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides]).toEqual([[], [], []]);
    expect(s.errata).toHaveLength(2);
    expect(s.errata[0]).toMatch(/^16\.0 .*enter on the south edge .*printed: north edge/);
    expect(s.errata[1]).toMatch(/^16\.0 .*off the north edge .*printed: south edge/);
    expect(s.historicalNote).toMatch(/^FLEURUS \(29 August 1622\): Charge of the Danish Cavalry\./);
  });

  it("[16.23] Breitenfeld: forces, stacking, deployment, length and victory as printed, dated 1631", () => {
    const s = scenario("16.23");
    // The heading prints 1632; the battle and the historical note are 17 September 1631.
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "breitenfeld",
      "Breitenfeld",
      "Gustavus' Charge Against the Imperialist Artillery",
      "1631-09-17",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([7, 15]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "equal" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Swedish",
      stacking: 3,
      total: 46,
      text: "6PP, 6EP, 10PM, 4LC, 16SC, 2LA, 2MA",
      forces: {
        main: { units: ["6PP", "6EP", "10PM", "4LC", "16SC", "2LA", "2MA"], deployment: within(6, 4) },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Imperialists",
      stacking: 2,
      total: 39,
      text: "10PP, 10PM, 4HC, 10RC, 5EA",
      forces: { main: { units: ["10PP", "10PM", "4HC", "10RC", "5EA"], deployment: within(9, 7) } },
    });
    expect(s.victory).toEqual({
      conditions: [
        {
          side: "first",
          condition: { kind: "destroy-all", unitClass: "artillery", at: { kind: "when-achieved" } },
        },
      ],
      otherwise: "second",
      both: "draw",
      text: "Swedes must destroy all Imperialist artillery units; Imperialists win if Swedes fail to do so.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^BREITENFELD \(17 September 1631\): Gustavus' Charge/);
  });

  it("[16.24] Lutzen: forces, stacking, deployment, length and victory as printed, with the errata", () => {
    const s = scenario("16.24");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "lutzen",
      "Lutzen",
      "Gustavus' Last Charge",
      "1632-11-16",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([8, 15]);
    expect(s.balance).toEqual({
      favours: "second",
      degree: "moderately",
      text: "favors Imperialists moderately",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Swedish",
      stacking: 3,
      total: 56,
      text: "(a) 4PP, 6PM, 1MA; (b) 6PP, 14PM, 8LC, 6HC, 8SC, 2LA, 1HA",
      forces: {
        a: { units: ["4PP", "6PM", "1MA"], deployment: within(14, 3) },
        b: {
          units: ["6PP", "14PM", "8LC", "6HC", "8SC", "2LA", "1HA"],
          // Errata 16.0: printed "west edge".
          deployment: {
            kind: "enter",
            edge: "east",
            gameTurn: 1,
            near: { of: 14, hexes: 8 },
            roadMode: false,
          },
        },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Imperialists",
      stacking: 2,
      total: 67,
      text: "(a) 24PP, 18PM, 2MA, 1EA; (b) 6LC, 16RC",
      forces: {
        // Errata 16.24: the road runs from hex 12 to hex 15 (printed 16).
        a: {
          units: ["24PP", "18PM", "2MA", "1EA"],
          deployment: { kind: "within-road", road: "main", from: 12, to: 15, hexes: 3 },
        },
        b: { units: ["6LC", "16RC"], deployment: within(1, 4) },
      },
    });
    expect(s.victory).toEqual({
      conditions: [
        {
          side: "first",
          condition: {
            kind: "units-in-region",
            count: 15,
            region: "west-of-main-road",
            at: { kind: "end-of-player-turn", side: "second" },
          },
        },
      ],
      otherwise: "second",
      both: "draw",
      text: "Swedes win by having at the conclusion of any Imperialist Player-Turn, fifteen units on or west of the north-south road which the Imperialist Player deploys around.",
    });
    expect(s.specialRules).toEqual(["lutzen-ferocity"]);
    expect(s.requiredOptionalRules).toEqual(["caracolla"]);
    expect(s.unitOverrides).toEqual([]);
    expect(s.errata).toHaveLength(3);
    expect(s.errata[0]).toMatch(
      /^16\.24: .*hex 12 to hex 15 \(printed: hex 16\).*within four hexes of hex 1/,
    );
    expect(s.errata[1]).toMatch(/^16\.0 .*east edge \(printed: west edge\)/);
    expect(s.errata[2]).toMatch(/^16\.0 .*on or west of the road \(printed: east\)/);
    expect(s.historicalNote).toMatch(/^LUTZEN \(16 November 1632\): Gustavus' Last Charge\./);
  });

  it("[16.25] Nordlingen: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.25");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "nordlingen",
      "Nordlingen",
      "Horn's Defense",
      "1634-09-06",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([7, 20]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "equal" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Imperialists",
      stacking: 3,
      total: 51,
      text: "8PP, 8EP, 15PM, 4HC, 10RC, 4MA, 2EA",
      forces: {
        main: { units: ["8PP", "8EP", "15PM", "4HC", "10RC", "4MA", "2EA"], deployment: within(12, 6) },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Swedish",
      stacking: 3,
      total: 39,
      text: "6PP, 6EP, 10PM, 4LC, 3HC, 3SC, 3LA, 2MA, 2EA",
      forces: {
        main: {
          units: ["6PP", "6EP", "10PM", "4LC", "3HC", "3SC", "3LA", "2MA", "2EA"],
          deployment: within(9, 5),
        },
      },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 9 }, { hex: 11 }], "control both hexes 9 and 11."));
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^NORDLINGEN \(6 September 1634\): Horn's Defense\./);
  });

  it("[16.26] Dunkirk Dunes: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.26");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "dunkirk-dunes",
      "Dunkirk Dunes",
      undefined,
      "1658-06-03",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([3, 20]);
    expect(s.balance).toEqual({ favours: "first", degree: "moderately", text: "favors English moderately" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "English",
      stacking: 3,
      total: 42,
      text: "15PP, 25PM, 2MA",
      forces: { main: { units: ["15PP", "25PM", "2MA"], deployment: within(6, 4) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Spanish",
      stacking: 2,
      total: 42,
      text: "20PP, 20PM, 2MA",
      forces: { main: { units: ["20PP", "20PM", "2MA"], deployment: within(9, 3) } },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 9 }], "control of hex 9"));
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^DUNKIRK DUNES \(3 June 1658\): Attack on the Spanish Right\./);
  });
});

describe("16.30 English Civil War", () => {
  const war = "English Civil War, 1642-1650";

  it("[16.31] Brentford: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.31");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "brentford",
      "Brentford",
      undefined,
      "1642-11-12",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([1, 10]);
    expect(s.balance).toEqual({
      favours: "second",
      degree: "moderately",
      text: "favors Royalists moderately",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Parliamentarians",
      stacking: 2,
      total: 16,
      text: "6MP, 10PM",
      forces: { main: { units: ["6MP", "10PM"], deployment: within(4, 4) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Royalists",
      stacking: 3,
      total: 18,
      text: "10LC, 3RC, 5DR",
      forces: { main: { units: ["10LC", "3RC", "5DR"], deployment: within(8, 5) } },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 3 }], "Control of hex 3."));
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^BRENTFORD \(12 November 1642\)\. After some minor Royalist successes/);
  });

  it("[16.32] Grantham: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.32");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "grantham",
      "Grantham",
      undefined,
      "1643-05-13",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([2, 10]);
    expect(s.balance).toEqual({
      favours: "first",
      degree: "moderately",
      text: "favors Parliament moderately",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Parliamentarians",
      stacking: 2,
      total: 29,
      text: "8PP, 12PM, 3SC, 4RC, 1MA, 1HA",
      forces: { main: { units: ["8PP", "12PM", "3SC", "4RC", "1MA", "1HA"], deployment: within(11, 4) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Royalists",
      stacking: 3,
      total: 32,
      text: "5MP, 8PP, 12PM, 6LC, 1MA",
      forces: { main: { units: ["5MP", "8PP", "12PM", "6LC", "1MA"], deployment: within(8, 4) } },
    });
    expect(s.victory).toEqual(
      sharedControl([{ hex: 8 }, { hex: 11 }], "control both hexes 8 and 11 at the end of the game."),
    );
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^GRANTHAM \(13 May 1643\)\. While campaigning in Yorkshire/);
  });

  it("[16.33] Staverton: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.33");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "staverton",
      "Staverton",
      "the Attack on the Parliamentary Right",
      "1643-07-04",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([6, 15]);
    expect(s.balance).toEqual({
      favours: "second",
      degree: "moderately",
      text: "favors Royalists moderately",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Parliamentarians",
      stacking: 2,
      total: 41,
      text: "(a) 2PP, 3PM, 4RC, 6DR; (b) 10PP, 13PM, 3RC",
      forces: {
        a: { units: ["2PP", "3PM", "4RC", "6DR"], deployment: within(1, 2) },
        b: { units: ["10PP", "13PM", "3RC"], deployment: within(7, 6) },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Royalists",
      stacking: 2,
      total: 46,
      text: "12PP, 18PM, 10LC, 4HC, 2MA",
      forces: { main: { units: ["12PP", "18PM", "10LC", "4HC", "2MA"], deployment: within(9, 8) } },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 1 }], "control of hex 1"));
    expect(s.specialRules).toEqual(["staverton-force-a-hold"]);
    expect([s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], []]);
    expect(s.historicalNote).toMatch(/^STAVERTON \(4 July 1643\): The Attack on the Parliamentary Right\./);
  });

  it("[16.34] Marston Moor: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.34");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "marston-moor",
      "Marston Moor",
      "defeat of Royalist Left",
      "1644-07-01",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([9, 15]);
    expect(s.balance).toEqual({
      favours: "second",
      degree: "heavily",
      text: "favors Parliamentarians heavily",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Royalists",
      stacking: 2,
      total: 33,
      text: "(a) 2PP, 2PM, 3HC, 3DR, 1MA; (b) 2PP, 2PM, 9HC, 9DR",
      forces: {
        a: { units: ["2PP", "2PM", "3HC", "3DR", "1MA"], deployment: within(10, 3) },
        b: { units: ["2PP", "2PM", "9HC", "9DR"], deployment: within(13, 3) },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Parliamentarians",
      stacking: 2,
      total: 29,
      text: "4PP, 4PM, 6LC, 6HC, 6SC, 2DR, 1MA",
      forces: {
        main: { units: ["4PP", "4PM", "6LC", "6HC", "6SC", "2DR", "1MA"], deployment: within(6, 7) },
      },
    });
    expect(s.victory).toEqual({
      conditions: [
        { side: "first", condition: { kind: "control", hexes: [{ hex: 10 }, { hex: 13 }], at: endOfGame } },
        { side: "second", condition: { kind: "control", hexes: [{ hex: 7 }, { hex: 10 }], at: endOfGame } },
      ],
      otherwise: "draw",
      both: "draw",
      text: "Parliamentarians must control both hexes 7 and 10; Royalists must control both hexes 10 and 13.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^MARSTON MOOR \(1 July 1644\): Defeat of the Royalist Left\./);
  });

  it("[16.35] Aberdeen: forces, stacking, deployment, length and victory as printed, with the errata", () => {
    const s = scenario("16.35");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "aberdeen",
      "Aberdeen",
      undefined,
      "1644-09-15",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([2, 15]);
    expect(s.balance).toEqual({
      favours: "first",
      degree: "moderately",
      text: "favors Royalists moderately",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Royalists",
      stacking: 2,
      total: 17,
      text: "10EP, 6PM, 1LC",
      forces: {
        main: { units: ["10EP", "6PM", "1LC"], deployment: { kind: "within-any", of: [13, 15], hexes: 2 } },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Covenanteers",
      stacking: 3,
      total: 30,
      text: "10PP, 13MM, 7LC",
      forces: { main: { units: ["10PP", "13MM", "7LC"], deployment: within(9, 2) } },
    });
    // Errata 16.35: hex 14 only (printed "either hex 16 or hex 14").
    expect(s.victory).toEqual({
      conditions: [{ side: "second", condition: { kind: "control", hexes: [{ hex: 14 }], at: endOfGame } }],
      otherwise: "first",
      both: "draw",
      text: "Covenanteers must control hex #14 at the end of the game.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides]).toEqual([[], [], []]);
    expect(s.errata).toHaveLength(1);
    expect(s.errata[0]).toMatch(/^16\.35: .*hex 14 .*printed: either hex 16 or hex 14/);
    expect(s.historicalNote).toMatch(/^ABERDEEN \(15 September 1644\)\. The English Civil War in Scotland/);
  });

  it("[16.36] Naseby: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.36");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "naseby",
      "Naseby",
      undefined,
      "1645-06-14",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([7, 15]);
    expect(s.balance).toEqual({
      favours: "first",
      degree: "heavily",
      text: "favors Parliamentarians heavily",
    });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Parliamentarians",
      stacking: 2,
      total: 66,
      text: "10MP, 5PP, 18PM, 15HC, 10SC, 6DR, 2MA",
      forces: {
        main: { units: ["10MP", "5PP", "18PM", "15HC", "10SC", "6DR", "2MA"], deployment: within(8, 5) },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Royalists",
      stacking: 2,
      total: 39,
      text: "10PP, 10PM, 18HC, 1MA",
      forces: { main: { units: ["10PP", "10PM", "18HC", "1MA"], deployment: within(11, 5) } },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 8 }], "control of hex 8"));
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^NASEBY \(14 June 1645\)\. At Naseby/);
  });

  it("[16.37] Dunbar: forces, stacking, deployment, length and victory as printed", () => {
    const s = scenario("16.37");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "dunbar",
      "Dunbar",
      undefined,
      "1650-09-03",
      war,
    ]);
    expect([s.complexity, s.gameLength]).toEqual([7, 20]);
    expect(s.balance).toEqual({ favours: "neither", degree: "even", text: "equal" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Parliamentarians",
      stacking: 3,
      total: 26,
      text: "6PP, 12PM, 6SC, 2MA",
      forces: { main: { units: ["6PP", "12PM", "6SC", "2MA"], deployment: within(10, 4) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Royalists",
      stacking: 2,
      total: 47,
      text: "14MP, 6PP, 10MM, 10PM, 4HC, 2RC, 1EA",
      forces: {
        main: {
          units: ["14MP", "6PP", "10MM", "10PM", "4HC", "2RC", "1EA"],
          deployment: { kind: "within-row", from: 8, to: 3, hexes: 2, occupyEveryRowHex: true },
        },
      },
    });
    expect(s.victory).toEqual({
      conditions: [
        { side: "second", condition: { kind: "units-within", count: 10, of: 3, hexes: 3, at: endOfGame } },
        { side: "first", condition: { kind: "control", hexes: [{ hex: 8 }], at: endOfGame } },
      ],
      otherwise: "draw",
      both: "draw",
      text: "Royalists must have at least ten units within three hexes of hex 3 by the end of the game. Parliamentarians must control hex 8. If neither or both happen, the game is a draw.",
    });
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides, s.errata]).toEqual([[], [], [], []]);
    expect(s.historicalNote).toMatch(/^DUNBAR \(3 September 1650\)\. Cromwell invaded Scotland/);
  });
});

describe("16.40 Turkish Wars and 16.50 War of the English Succession", () => {
  it("[16.41] Szentgotthard: forces, stacking, deployment, length and victory as printed, directions reversed", () => {
    const s = scenario("16.41");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "szentgotthard",
      "Szentgotthard",
      "Flank Attack of the Imperialists",
      "1664-08-01",
      "Turkish Wars, 1660-1696",
    ]);
    expect([s.complexity, s.gameLength]).toEqual([6, 15]);
    expect(s.balance).toEqual({ favours: "first", degree: "slightly", text: "favors Imperialists slightly" });
    expectPlayer(s.players[0], {
      side: "first",
      name: "Imperialists",
      stacking: 3,
      total: 47,
      text: "(a) 5PP, 7PM, 3LC, 2HC, 1HA; (b) 10PP, 15PM, 3HC, 1HA",
      forces: {
        a: { units: ["5PP", "7PM", "3LC", "2HC", "1HA"], deployment: within(11, 4) },
        b: {
          units: ["10PP", "15PM", "3HC", "1HA"],
          // Errata 16.0: printed "north edge"; the Imperialist Player-Turn of Game-Turn 2.
          deployment: {
            kind: "enter",
            edge: "south",
            gameTurn: 2,
            near: { of: 10, hexes: 8 },
            roadMode: false,
          },
        },
      },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "Ottomans",
      stacking: 2,
      total: 44,
      text: "7MP, 10PP, 7MM, 12PM, 5LC, 3HC",
      forces: { main: { units: ["7MP", "10PP", "7MM", "12PM", "5LC", "3HC"], deployment: within(13, 6) } },
    });
    expect(s.victory).toEqual(
      sharedControl(
        [{ hex: 11 }],
        "control of hex 11. Player who controls hex 11 must have at least twenty-five units on the map or the game is a draw.",
        { drawUnlessUnitsOnMap: 25 },
      ),
    );
    expect([s.specialRules, s.requiredOptionalRules, s.unitOverrides]).toEqual([[], [], []]);
    expect(s.errata).toHaveLength(1);
    expect(s.errata[0]).toMatch(/^16\.0 .*south edge \(printed: north edge\)/);
    expect(s.historicalNote).toMatch(/^SZENTGOTTHARD \(1 August 1664\): Flank Attack of the Imperialists\./);
  });

  it("[16.51] Killiecrankie: forces, stacking, deployment, length and victory as printed, Jacobites first", () => {
    const s = scenario("16.51");
    expect([s.slug, s.name, s.subtitle, s.date, s.war]).toEqual([
      "killiecrankie",
      "Killiecrankie",
      undefined,
      "1689-07-27",
      "War of the English Succession, 1688-1690",
    ]);
    expect([s.complexity, s.gameLength]).toEqual([4, 15]);
    // "favors English moderately": after the errata the English are the Second Player.
    expect(s.balance).toEqual({ favours: "second", degree: "moderately", text: "favors English moderately" });
    // Errata 16.50: the Jacobites are the First Player (blue), the English the Second (green).
    expectPlayer(s.players[0], {
      side: "first",
      name: "Jacobites",
      stacking: 2,
      total: 27,
      text: "16EP, 8PM, 2LC, 1HA",
      forces: { main: { units: ["16EP", "8PM", "2LC", "1HA"], deployment: within(9, 3) } },
    });
    expectPlayer(s.players[1], {
      side: "second",
      name: "English",
      stacking: 3,
      total: 36,
      text: "6PP, 20PM, 4LC, 4DR, 2HA",
      forces: { main: { units: ["6PP", "20PM", "4LC", "4DR", "2HA"], deployment: within(8, 5) } },
    });
    expect(s.victory).toEqual(sharedControl([{ hex: 8 }], "control of hex 8."));
    // Special rule: English PM have a Melee Strength of (3) rather than (1).
    expect(s.unitOverrides).toEqual([{ side: "second", type: "PM", melee: 3 }]);
    expect([s.specialRules, s.requiredOptionalRules]).toEqual([[], []]);
    expect(s.errata[0]).toMatch(/^16\.50: the Jacobites are the First Player .*English the Second Player/);
    expect(s.historicalNote).toMatch(/^KILLIECRANKIE \(27 July 1689\)\. At Killiecrankie/);
  });
});

describe("loading scenario data", () => {
  // biome-ignore lint/suspicious/noExplicitAny: the tests poke arbitrary, ill-typed fields into a copy of the JSON
  type Loose = any;
  const clone = (): Loose => JSON.parse(JSON.stringify(json));

  function issuesOf(data: unknown) {
    const result = parseScenarioCatalog(data);
    expect(result.ok).toBe(false);
    if (result.ok) return [];
    expect(result.error.code).toBe("data/invalid");
    expect(result.error.source).toBe("scenarios");
    for (const issue of result.error.issues) expect(result.error.message).toContain(issue.path);
    return result.error.issues;
  }

  it("[16.0] accepts the bundled catalogue", () => {
    const result = parseScenarioCatalog(json);
    expect(result.ok).toBe(true);
  });

  it("[16.0] rejects a negative unit count, naming the field", () => {
    const data = clone();
    data.scenarios[0].players[1].forces[0].units[2].count = -15;
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual(["scenarios[0].players[1].forces[0].units[2].count"]);
  });

  it("[16.0] rejects a catalogue without exactly 18 scenarios, and an unknown unit type", () => {
    const short = clone();
    short.scenarios.pop();
    expect(issuesOf(short).map((i) => i.path)).toEqual(["scenarios"]);
    const badType = clone();
    badType.scenarios[4].players[0].forces[0].units[0].type = "XX";
    expect(issuesOf(badType).map((i) => i.path)).toEqual(["scenarios[4].players[0].forces[0].units[0].type"]);
  });

  it("[16.0] rejects a duplicated slug and a duplicated id", () => {
    const data = clone();
    data.scenarios[5].slug = "fleurus";
    data.scenarios[7].id = "16.11";
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual(["scenarios[5].slug", "scenarios[7].id"]);
    expect(issues[0]?.message).toMatch(/duplicate slug "fleurus"/);
    expect(issues[1]?.message).toMatch(/duplicate id "16.11"/);
  });

  it("[16.0] rejects a wrong colour or side for a seat", () => {
    const data = clone();
    data.scenarios[3].players[1].colour = "blue";
    data.scenarios[10].players[0].side = "second";
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual([
      "scenarios[3].players[1].colour",
      "scenarios[10].players[0].side",
    ]);
    expect(issues[0]?.message).toMatch(/green/);
  });

  it("[16.0] rejects duplicated force ids within a player", () => {
    const data = clone();
    data.scenarios[6].players[0].forces[1].id = "a";
    expect(issuesOf(data).map((i) => i.path)).toEqual(["scenarios[6].players[0].forces[1].id"]);
  });

  it("[16.13] rejects 'as' on a unit group that is not part of the fleet", () => {
    const data = clone();
    data.scenarios[0].players[0].forces[0].units[0].as = "PP";
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual(["scenarios[0].players[0].forces[0].units[0].as"]);
    expect(issues[0]?.message).toMatch(/fleet/);
  });

  it("[16.51] rejects a unit override for a type the side does not have", () => {
    const data = clone();
    data.scenarios[17].unitOverrides = [{ side: "first", type: "DR", melee: 3 }];
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual(["scenarios[17].unitOverrides[0].type"]);
    expect(issues[0]?.message).toMatch(/no DR units/);
  });

  it("[16.22] rejects an entry after the last Game-Turn", () => {
    const data = clone();
    data.scenarios[4].players[1].forces[0].deployment.gameTurn = 21;
    expect(issuesOf(data).map((i) => i.path)).toEqual([
      "scenarios[4].players[1].forces[0].deployment.gameTurn",
    ]);
  });

  it("[16.21] rejects victory levels out of order or after the last Game-Turn", () => {
    const data = clone();
    data.scenarios[3].victory.conditions[1].condition.levels = [
      { byGameTurn: 8, level: "decisive" },
      { byGameTurn: 5, level: "substantive" },
      { byGameTurn: 11, level: "marginal" },
    ];
    const issues = issuesOf(data);
    expect(issues.map((i) => i.path)).toEqual([
      "scenarios[3].victory.conditions[1].condition.levels[1].byGameTurn",
      "scenarios[3].victory.conditions[1].condition.levels[2].byGameTurn",
    ]);
  });

  it("[16.0] rejects unknown fields (strict objects)", () => {
    const data = clone();
    data.scenarios[2].players[0].colour2 = "blue";
    expect(issuesOf(data).map((i) => i.path)).toEqual(["scenarios[2].players[0]"]);
  });
});
