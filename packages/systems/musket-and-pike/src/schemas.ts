import { z } from "zod";
import { ActionSchema } from "./actions.js";
import { MapDataSchema } from "./map/schema.js";
import { RulesDataSchema } from "./rules-data/schema.js";
import { SavedGameSchema } from "./saved-game.js";
import { ScenarioCatalogSchema } from "./scenarios/schema.js";
import { PositionInputSchema } from "./state/position.js";

/**
 * JSON Schemas of every file format the engine reads, derived from the zod
 * schemas that validate them (so they cannot drift apart). docs/schemas/
 * holds copies; a test keeps them current.
 */
export function jsonSchemas(): Record<string, unknown> {
  const schema = (s: z.ZodType, title: string, description: string) => ({
    ...z.toJSONSchema(s, { io: "input", unrepresentable: "any" }),
    title,
    description,
  });
  return {
    position: schema(
      PositionInputSchema,
      "Tercio position",
      "A Musket & Pike position (tercio/position@1). Optional fields take defaults on load; a saved position carries them all and its hash.",
    ),
    action: schema(
      ActionSchema,
      "Tercio action",
      "One player action, as `tercio apply` and the engine's apply() take it.",
    ),
    "saved-game": schema(
      SavedGameSchema,
      "Tercio saved game",
      "A saved game (tercio/save@1): scenario, options, seed and action log, replayable to its final hash.",
    ),
    "rules-data": schema(
      RulesDataSchema,
      "Musket & Pike rules data",
      "Unit types, Range Effects Chart, Terrain Effects Chart and Combat Results Tables (tercio/rules-data@1).",
    ),
    map: schema(MapDataSchema, "Tercio map", "A hex map sheet (tercio/map@1)."),
    scenarios: schema(
      ScenarioCatalogSchema,
      "Musket & Pike scenarios",
      "The scenarios of section 16 (tercio/scenarios@1).",
    ),
  };
}
