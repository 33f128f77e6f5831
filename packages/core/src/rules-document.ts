import type { z } from "zod";
import { type DataError, type DataIssue, dataError, zodIssues } from "./data-error.js";
import { hashOf } from "./hashing.js";
import { err, ok, type Result } from "./result.js";

/** A rule system's rules data as a game uses it: the validated values, their label and the document's content hash. */
export interface RulesDocument<Data> {
  readonly data: Data;
  readonly version: string;
  /** hashOf the document as given (before any conversion at load): games record it and refuse other data. */
  readonly hash: string;
}

/**
 * Loads a rules-data document the way every tabletop system does: its
 * shape by the system's schema, then what the schema cannot say
 * (`consistency`, given the parsed values and the document as written),
 * then its label and content hash. Every issue is reported, in words.
 */
export function loadRulesDocument<Schema extends z.ZodType<{ readonly version: string }>>(
  schema: Schema,
  json: unknown,
  consistency: (data: z.output<Schema>, json: unknown) => readonly DataIssue[],
): Result<RulesDocument<z.output<Schema>>, DataError> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) return err(dataError("rules data", zodIssues(parsed.error)));
  const issues = consistency(parsed.data, json);
  if (issues.length > 0) return err(dataError("rules data", issues));
  return ok({ data: parsed.data, version: parsed.data.version, hash: hashOf(json) });
}

/** The built-in document, loaded: invalid built-in data is Tercio's bug, thrown. */
export function builtInRules<Data>(loaded: Result<RulesDocument<Data>, DataError>): RulesDocument<Data> {
  if (!loaded.ok) throw new Error(`built-in rules data is invalid: ${loaded.error.message}`);
  return loaded.value;
}
