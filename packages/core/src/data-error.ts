import type { z } from "zod";

/**
 * A data file (rules data, map, scenarios, a position or a saved game) that
 * failed validation. Every issue names the field it concerns, as a dotted
 * path ("unitTypes.RC.movement", "stacks.1204[2]").
 */
export interface DataIssue {
  readonly path: string;
  readonly message: string;
}

export interface DataError {
  readonly code: "data/invalid";
  readonly source: string;
  readonly issues: readonly DataIssue[];
  /** One readable paragraph: the source, then each issue on its own line. */
  readonly message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(root)" : out;
}

export function dataError(source: string, issues: readonly DataIssue[]): DataError {
  const lines = issues.slice(0, 20).map((i) => `  ${i.path}: ${i.message}`);
  if (issues.length > 20) lines.push(`  ... and ${issues.length - 20} more`);
  return { code: "data/invalid", source, issues, message: `invalid ${source}:\n${lines.join("\n")}` };
}

export function zodIssues(error: z.ZodError): DataIssue[] {
  return error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
}
