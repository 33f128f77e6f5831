import { aiLevels } from "@tercio/ai";
import { DEFAULT_SYSTEM_ID, listSystems } from "@tercio/systems";
import { table } from "../format.js";
import { type CommandResult, type Io, nodeIo, run } from "../io.js";

/** A system as `tercio systems --json` lists it. */
export interface SystemRow {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  /** The AI levels `play`, `arena` and `balance` take, weakest first; none for a system without AI. */
  readonly aiLevels: readonly string[];
  /** Whether commands play it when no --system is given. */
  readonly default: boolean;
}

export function systemRows(io: Pick<Io, "systems"> = {}): SystemRow[] {
  return [...listSystems(), ...(io.systems ?? [])].map((s) => ({
    id: s.id,
    title: s.title,
    summary: s.summary,
    aiLevels: aiLevels(s.id),
    default: s.id === DEFAULT_SYSTEM_ID,
  }));
}

/** The rule systems this tercio plays (the ids --system takes). */
export function systemsCommand(options: { readonly json?: boolean }, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const rows = systemRows(io);
    if (options.json) {
      out.print(JSON.stringify(rows, null, 2));
      return;
    }
    out.print(
      table(
        ["ID", "Title", "Summary", "AI levels"],
        rows.map((r) => [
          r.default ? `${r.id} (default)` : r.id,
          r.title,
          r.summary,
          r.aiLevels.join(", ") || "none",
        ]),
      ),
    );
    out.print(`\n${rows.length} system${rows.length === 1 ? "" : "s"}. Choose one with --system <id>.`);
  });
}
