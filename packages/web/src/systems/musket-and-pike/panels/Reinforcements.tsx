import { type GameContext, type Position, type UnitId, unitStats } from "@tercio/musket-and-pike";
import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { describeUnit } from "../describe-hex.js";
import { toggled } from "../group-move.js";
import { CounterIcon } from "./CounterIcon.js";

export interface ReinforcementsProps {
  readonly ctx: GameContext;
  readonly position: Position;
  /** The units waiting to enter this Movement Phase, in the engine's order. */
  readonly waiting: readonly UnitId[];
  /** The units selected now, the first the one whose path is shown. */
  readonly group: readonly UnitId[];
  readonly onGroup: (units: readonly UnitId[]) => void;
}

/** The waiting units by type, in the order of their first: "PM" -> [B-PM07, …]. */
function byType(ctx: GameContext, position: Position, waiting: readonly UnitId[]): Map<string, UnitId[]> {
  const out = new Map<string, UnitId[]>();
  for (const id of waiting) {
    const u = position.units[id];
    const type = u ? unitStats(ctx.rules, ctx.scenario, u).type : "?";
    const list = out.get(type);
    if (list) list.push(id);
    else out.set(type, [id]);
  }
  return out;
}

/**
 * 5.1 and the scenario's reinforcements: the units waiting to enter. All of
 * them, or all of a type, are selected in one click, and a click on a hex
 * brings in as many as may end there (10.0), the rest staying selected for
 * the next hex. The units one by one form a single stop for Tab (the arrow
 * keys move among them), so the keyboard gets past forty of them at once.
 */
export function Reinforcements({ ctx, position, waiting, group, onGroup }: ReinforcementsProps) {
  const types = byType(ctx, position, waiting);
  const [focus, setFocus] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const at = Math.min(focus, waiting.length - 1);
  const moveFocus = (i: number) => {
    const next = Math.max(0, Math.min(waiting.length - 1, i));
    setFocus(next);
    list.current?.querySelectorAll<HTMLButtonElement>("button[data-unit]")[next]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const id = waiting[at];
    // Shift+Enter (or Space) adds the focused unit to the selection, as a Shift-click does.
    if ((e.key === "Enter" || e.key === " ") && (e.shiftKey || e.ctrlKey || e.metaKey) && id) {
      e.preventDefault();
      onGroup(toggled(group, [id]));
      return;
    }
    const step =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? 1
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? -1
          : e.key === "Home"
            ? -waiting.length
            : e.key === "End"
              ? waiting.length
              : 0;
    if (step === 0) return;
    e.preventDefault();
    moveFocus(at + step);
  };
  const pick = (id: UnitId, i: number, e: MouseEvent<HTMLButtonElement>) => {
    setFocus(i);
    onGroup(e.shiftKey || e.ctrlKey || e.metaKey ? toggled(group, [id]) : [id]);
  };
  const all = waiting.length > 0 && waiting.every((id) => group.includes(id));
  return (
    <section className="reinforcements" aria-label="Reinforcements">
      <h3>Reinforcements to enter ({waiting.length})</h3>
      <p className="hint">
        Select some or all, then a highlighted hex: they enter from their map edge (5.1), as many as may end
        there (10.0); the others stay selected for the next hex. Shift- or Ctrl-click (Shift+Enter) adds one.
      </p>
      <div className="reinforcement-groups">
        <button
          type="button"
          data-testid="select-all-reinforcements"
          aria-pressed={all}
          onClick={() => onGroup(waiting)}
        >
          Select all {waiting.length}
        </button>
        {types.size > 1 &&
          [...types].map(([type, ids]) => (
            <button
              type="button"
              key={type}
              data-type={type}
              aria-pressed={ids.every((id) => group.includes(id))}
              onClick={() => onGroup(ids)}
            >
              All {ids.length} {type}
            </button>
          ))}
      </div>
      <ul ref={list} aria-label="Units to enter, one by one (arrow keys)" onKeyDown={onKey}>
        {waiting.map((id, i) => {
          const unit = position.units[id];
          return (
            <li key={id}>
              <button
                type="button"
                tabIndex={i === at ? 0 : -1}
                className={group.includes(id) ? "picked" : ""}
                aria-pressed={group.includes(id)}
                onClick={(e) => pick(id, i, e)}
                onFocus={() => setFocus(i)}
                data-unit={id}
                title={unit ? describeUnit(ctx, id, unit) : id}
              >
                {unit && <CounterIcon ctx={ctx} unit={unit} />}
                <span>{id}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
