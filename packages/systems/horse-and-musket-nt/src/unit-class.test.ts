import { describe, expect, it } from "vitest";
import { defaultRules } from "./rules-data/load.js";
import { table } from "./test-support/table.js";
import { actsAs, charges, fireValues, skirmishes } from "./unit-class.js";
import { UNIT_TYPES } from "./vocabulary.js";

/**
 * Units: "There are four types of Units in the H&M rules": 1. Infantry,
 * close order Foot relying on firepower; 2. Skirmishers, light Foot in a
 * dispersed formation, moving through rough terrain, their musketry less
 * effective; 3. Cavalry, close-order horse relying entirely upon hand to
 * hand combat; 4. Artillery, a battery with longer Range but less firepower
 * than an infantry battalion.
 */
describe("[003 Units] four types: Infantry, Skirmishers, Cavalry, Artillery", () => {
  const data = defaultRules().data;
  const { ctx, position } = table({
    units: [
      { id: "Inf", type: "infantry", x: 10, y: 5 },
      { id: "Sk", type: "skirmishers", x: 20, y: 5 },
      { id: "Cav", type: "cavalry", x: 30, y: 5 },
      { id: "Art", type: "artillery", x: 40, y: 5 },
    ],
  });
  const unit = (id: string) => {
    const u = position.units[id];
    if (!u) throw new Error(id);
    return u;
  };

  it("[003 Units] the four types, and no other", () => {
    expect(UNIT_TYPES).toEqual(["infantry", "skirmishers", "cavalry", "artillery"]);
    expect(Object.keys(data.unitTypes).sort()).toEqual([...UNIT_TYPES].sort());
  });

  it("[003 Units] Infantry and Skirmishers are Foot; Cavalry and Artillery are not", () => {
    expect(UNIT_TYPES.filter((t) => data.unitTypes[t].foot)).toEqual(["infantry", "skirmishers"]);
  });

  it("[003 Units] Cavalry rely entirely on hand to hand combat: they charge and do not fire", () => {
    expect(fireValues(ctx, unit("Cav"))).toBeNull();
    expect(charges(ctx, "Cav", unit("Cav"))).toBe(true);
    for (const id of ["Inf", "Sk", "Art"]) expect(charges(ctx, id, unit(id))).toBe(false);
  });

  it("[003 Units] Skirmishers' musketry is less effective; guns reach further with less firepower", () => {
    expect(fireValues(ctx, unit("Inf"))?.subtract).toBe(0);
    expect(fireValues(ctx, unit("Sk"))?.subtract).toBe(2);
    expect(fireValues(ctx, unit("Art"))?.subtract).toBe(2);
    const inf = fireValues(ctx, unit("Inf"))?.effective ?? 0;
    expect(fireValues(ctx, unit("Art"))?.effective).toBeGreaterThan(inf);
  });

  it("[003 Units] without the ACW modifications each type is what it is", () => {
    for (const id of ["Inf", "Sk", "Cav", "Art"]) expect(actsAs(ctx, unit(id))).toBe(unit(id).type);
    expect(["Inf", "Sk", "Cav", "Art"].filter((id) => skirmishes(ctx, unit(id)))).toEqual(["Sk"]);
  });
});
