export {
  describeEvent,
  hexLabel,
  PHASE_NAMES,
  playerName,
  resultLine,
  sideLabel,
  statusLine,
  unitCount,
  unitGroups,
} from "@tercio/render";

/** A plain-text table: a header row, a rule, then the rows, each column padded to its widest cell. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ("left" | "right")[] = [],
): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => {
        const w = widths[i] ?? 0;
        return align[i] === "right" ? c.padStart(w) : c.padEnd(w);
      })
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Wraps a paragraph at `width` columns, each line prefixed by `indent`. */
export function wrap(text: string, width = 96, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(indent + line);
  return lines.join("\n");
}
