import type { DataIssue } from "@tercio/core";

/**
 * Every value of a rules-data document must say where it comes from (001's
 * rules notes: "never invent silently"). A value is covered by the
 * provenance entry of its own path or of the nearest path above it
 * ("artillery.hailshot.d10", else "artillery.hailshot", else "artillery");
 * every entry must name a path the document has.
 */
export function provenanceIssues(
  document: unknown,
  provenance: Readonly<Record<string, unknown>>,
): DataIssue[] {
  const issues: DataIssue[] = [];
  const paths = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (path !== "") paths.add(path);
    if (value !== null && typeof value === "object") {
      const entries = Array.isArray(value)
        ? value.map((v, i) => [String(i), v] as const)
        : Object.entries(value);
      // A table's rows are covered by the table: only objects' keys and arrays' items below it need no entry of their own.
      for (const [key, v] of entries) walk(v, path === "" ? key : `${path}.${key}`);
      return;
    }
    if (!coveredBy(path, provenance))
      issues.push({
        path: `provenance`,
        message: `${path}: say whether it is printed, reconstructed or designed`,
      });
  };
  const {
    format: _format,
    version: _version,
    provenance: _own,
    ...values
  } = document as Record<string, unknown>;
  walk(values, "");
  for (const key of Object.keys(provenance))
    if (!paths.has(key))
      issues.push({ path: `provenance.${key}`, message: "names no value of the rules data" });
  return issues;
}

function coveredBy(path: string, provenance: Readonly<Record<string, unknown>>): boolean {
  for (let at = path; at !== ""; at = at.includes(".") ? at.slice(0, at.lastIndexOf(".")) : "")
    if (Object.hasOwn(provenance, at)) return true;
  return false;
}
