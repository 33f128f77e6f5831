import {
  type GameContext,
  indexOfId,
  type LineOfSightExplanation,
  type Position,
} from "@tercio/musket-and-pike";
import { centre, hexPoints, type Sheet } from "@tercio/render";
import { type ReactNode, useMemo, useState } from "react";
import {
  explanationOf,
  LOS_TOOL_OFF,
  type LosToolState,
  pickHex,
  toggleTool,
  toolText,
} from "../line-of-sight-tool.js";

export interface LineOfSightTool {
  readonly active: boolean;
  /** On or off (the button, the L key of board-keys.ts). */
  readonly toggle: () => void;
  /** A hex clicked or chosen with Enter: true when the tool took it (the board's own click is skipped). */
  readonly pick: (hex: string) => boolean;
  /** Escape: drops the picked hexes, or turns the tool off when none is picked. */
  readonly cancel: () => void;
  /** Drawn over the counters: the line and the hexes that block it. */
  readonly overlay: ReactNode;
  /** The toggle button and the result in words (a live region). */
  readonly panel: ReactNode;
}

/**
 * The line-of-sight tool: a player picks two hexes and the engine
 * (explainLineOfSight) says whether the line between their centres is
 * clear and what blocks it (7.3G). The tool decides nothing: it draws and
 * words what the engine answers. Toggled by its button or the L key (the
 * host binds it, board-keys.ts).
 */
export function useLineOfSightTool(
  ctx: GameContext,
  position: Position,
  sheet: Sheet,
  announce: (text: string) => void,
): LineOfSightTool {
  const [state, setState] = useState<LosToolState>(LOS_TOOL_OFF);
  const explanation = useMemo(() => explanationOf(ctx, position, state), [ctx, position, state]);
  const text = toolText(state, explanation);

  const update = (next: LosToolState) => {
    setState(next);
    announce(toolText(next, explanationOf(ctx, position, next)) || "Line of sight tool off.");
  };

  return {
    active: state.active,
    toggle: () => update(toggleTool(state)),
    pick(hex) {
      if (!state.active) return false;
      update(pickHex(state, hex));
      return true;
    },
    cancel() {
      if (state.active) update(state.from === undefined ? LOS_TOOL_OFF : { active: true });
    },
    overlay: <LineOfSightOverlay ctx={ctx} sheet={sheet} state={state} explanation={explanation} />,
    panel: (
      <section className="los-tool" aria-label="Line of sight">
        <button
          type="button"
          data-testid="los-toggle"
          aria-pressed={state.active}
          aria-keyshortcuts="L"
          title="Line of sight: pick two hexes (L)"
          onClick={() => update(toggleTool(state))}
        >
          {state.active ? "Line of sight: on" : "Line of sight"}
        </button>
        <p className="hint" data-testid="los-result" role="status" aria-live="polite">
          {text}
        </p>
      </section>
    ),
  };
}

const CLEAR_COLOUR = "#1b7f3a";
const BLOCKED_COLOUR = "#b00020";

function LineOfSightOverlay(props: {
  readonly ctx: GameContext;
  readonly sheet: Sheet;
  readonly state: LosToolState;
  readonly explanation: LineOfSightExplanation | undefined;
}) {
  const { ctx, sheet, state, explanation } = props;
  const { layout } = sheet;
  const grid = ctx.map.grid;
  if (!state.active || state.from === undefined) return null;
  const at = (hex: string) => {
    const h = indexOfId(grid, hex);
    return h >= 0 ? centre(layout, grid, h) : undefined;
  };
  const a = at(state.from);
  const b = state.to === undefined ? undefined : at(state.to);
  const colour = explanation?.clear === false ? BLOCKED_COLOUR : CLEAR_COLOUR;
  const poly = hexPoints(layout);
  const r = layout.size * 0.2;
  return (
    <g className="los-overlay" pointerEvents="none">
      {(explanation?.blocking ?? []).map((h, i) => {
        const c = at(h.hex);
        return c ? (
          <polygon
            key={h.hex}
            data-testid="los-block"
            data-hex={h.hex}
            data-first={i === 0}
            points={poly}
            transform={`translate(${c.x} ${c.y})`}
            fill={BLOCKED_COLOUR}
            fillOpacity={i === 0 ? 0.35 : 0.15}
            stroke={BLOCKED_COLOUR}
            strokeWidth={i === 0 ? 4 : 2}
          />
        ) : null;
      })}
      {a && b && (
        <line
          data-testid="los-line"
          data-clear={explanation?.clear ?? true}
          x1={a.x}
          y1={a.y}
          x2={b.x}
          y2={b.y}
          stroke={colour}
          strokeWidth={4}
          strokeDasharray={explanation?.clear === false ? "10 6" : undefined}
        />
      )}
      {a && <circle cx={a.x} cy={a.y} r={r} fill={colour} />}
      {b && <circle cx={b.x} cy={b.y} r={r} fill="none" stroke={colour} strokeWidth={4} />}
    </g>
  );
}
