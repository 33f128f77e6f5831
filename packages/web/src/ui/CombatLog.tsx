import type { GameEvent } from "@tercio/musket-and-pike";
import { describeEvent } from "@tercio/render";
import { useEffect, useRef, useState } from "react";
import type { Game } from "../game/session.js";

type Filter = "all" | "combat" | "movement" | "turns";

const COMBAT = new Set([
  "attack-declared",
  "attack-withdrawn",
  "die-rolled",
  "combat-resolved",
  "attack-lapsed",
  "unit-disrupted",
  "unit-eliminated",
  "unit-retreated",
  "unit-advanced",
  "result-ignored",
  "unit-captured",
  "unit-recovered",
]);
const MOVEMENT = new Set([
  "unit-deployed",
  "unit-undeployed",
  "unit-moved",
  "stack-reordered",
  "control-changed",
  "square-formed",
  "square-removed",
  "unit-dismounted",
  "unit-remounted",
]);

function keep(filter: Filter, e: GameEvent): boolean {
  if (filter === "all") return true;
  if (filter === "combat") return COMBAT.has(e.type);
  if (filter === "movement") return MOVEMENT.has(e.type);
  return e.type === "phase-began" || e.type === "game-turn-recorded" || e.type === "game-ended";
}

/**
 * The game's log: every action and what it did, every die roll with its rule.
 * Actions taken back stay, marked undone. `upTo` highlights the replay's step.
 */
export function CombatLog({ game, upTo }: { readonly game: Game; readonly upTo?: number }) {
  const [filter, setFilter] = useState<Filter>("all");
  const [text, setText] = useState("");
  const needle = text.trim().toLowerCase();
  const rows: { key: string; line: string; undone: boolean; current: boolean; kind: string }[] = [];
  let active = 0;
  game.entries.forEach((entry, i) => {
    if (!entry.undone) active++;
    const current = upTo !== undefined && !entry.undone && active === upTo;
    if (entry.undone) {
      if (filter === "all" || filter === "movement")
        rows.push({
          key: `${i}-u`,
          line: `${entry.side === "first" ? "First" : "Second"} Player: ${actionWords(entry.action)} (undone)`,
          undone: true,
          current,
          kind: "undone",
        });
      return;
    }
    entry.events.forEach((e, k) => {
      if (!keep(filter, e)) return;
      rows.push({ key: `${i}-${k}`, line: describeEvent(game.ctx, e), undone: false, current, kind: e.type });
    });
  });
  const shown = needle ? rows.filter((r) => r.line.toLowerCase().includes(needle)) : rows;
  const listRef = useRef<HTMLOListElement>(null);
  // The newest lines are the ones a player wants: keep the log scrolled to its end (or to the replay's step).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const current = list.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
    else list.scrollTop = list.scrollHeight;
  });
  return (
    <section className="log" aria-label="Game log">
      <div className="log-filters">
        <label>
          Show{" "}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            data-testid="log-filter"
          >
            <option value="all">everything</option>
            <option value="combat">combat and dice</option>
            <option value="movement">movement</option>
            <option value="turns">turns and phases</option>
          </select>
        </label>
        <input
          type="search"
          placeholder="Filter…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Filter the log"
        />
      </div>
      <ol className="log-lines" data-testid="log" ref={listRef}>
        {shown.slice(-400).map((r) => (
          <li key={r.key} className={`${r.kind}${r.undone ? " undone" : ""}${r.current ? " current" : ""}`}>
            {r.line}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function actionWords(a: Game["entries"][number]["action"]): string {
  switch (a.type) {
    case "move":
      return `move ${a.unit}: ${a.steps.join(" ")}`;
    case "deploy":
      return `deploy ${a.unit} in ${a.hex}`;
    case "undeploy":
      return `take ${a.unit} off the map`;
    case "fire":
      return `${a.unit} fires at ${a.target}`;
    case "attack":
      return `${a.unit} attacks ${a.targets.join(" + ")}`;
    case "withdraw":
      return `withdraw ${a.unit}`;
    case "resolve":
      return `resolve the attack on ${a.target}`;
    case "retreat":
      return `retreat ${a.unit} to ${a.to}`;
    case "advance":
      return a.units.length ? `advance ${a.units.join(", ")}` : "no advance";
    case "reorder":
      return `reorder ${a.hex}: ${a.order.join(", ")}`;
    case "form-square":
      return `form a square in ${a.hex}`;
    case "remove-square":
      return `remove the square in ${a.hex}`;
    case "dismount":
      return `dismount ${a.unit}`;
    case "remount":
      return `remount ${a.unit}`;
    case "end-phase":
      return "end the phase";
  }
}
