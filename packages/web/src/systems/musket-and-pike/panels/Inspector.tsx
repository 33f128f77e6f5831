import { type Action, apply, type GameContext, type Position } from "@tercio/musket-and-pike";
import { playerName } from "@tercio/render";
import { describeUnit, terrainEffects } from "../describe-hex.js";
import type { Options } from "../interaction.js";
import { CounterIcon } from "./CounterIcon.js";

export interface InspectorProps {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly hex: string | undefined;
  readonly selectedUnit: string | undefined;
  readonly options: Options | undefined;
  readonly onSelectUnit: (unit: string) => void;
  readonly onAction: (a: Action) => boolean;
}

function label(a: Action): string {
  switch (a.type) {
    case "move":
      return a.steps.join(" ") === "limber"
        ? "Limber (5.4)"
        : a.steps.join(" ") === "unlimber"
          ? "Unlimber (5.4)"
          : a.steps.includes("road-mode")
            ? "Road Mode (13.0)"
            : a.steps.includes("leave-road-mode")
              ? "Leave Road Mode (13.0)"
              : a.steps.join(" ");
    case "dismount":
      return "Dismount (14.0)";
    case "remount":
      return "Remount (14.0)";
    case "undeploy":
      return "Take back off the map";
    case "form-square":
      return "Form square (12.0)";
    case "remove-square":
      return "Remove square (12.2)";
    default:
      return a.type;
  }
}

/**
 * The selected hex: its terrain and its stack, top first, with every unit's
 * values and markers, and the actions the engine allows on them (limbering,
 * squares, dismounting, reordering the stack).
 */
export function Inspector(props: InspectorProps) {
  const { ctx, position, hex, options } = props;
  if (!hex)
    return (
      <section className="inspector" aria-label="Hex inspector">
        <p className="hint">Select a hex to inspect it.</p>
      </section>
    );
  const ids = position.stacks[hex] ?? [];
  const canReorder = (options?.byHex.get(hex) ?? []).some((a) => a.type === "reorder");
  const hexActions = (options?.byHex.get(hex) ?? []).filter((a) => a.type !== "reorder");
  const reorder = (i: number, j: number) => {
    const order = [...ids];
    const [u] = order.splice(i, 1);
    if (u === undefined) return;
    order.splice(j, 0, u);
    const a: Action = { type: "reorder", hex, order };
    const r = apply(ctx, position, a);
    if (r.ok) props.onAction(a);
  };
  return (
    <section className="inspector" aria-label="Hex inspector" data-testid="inspector">
      <h3>Hex {hex}</h3>
      <p className="hex-words" data-testid="terrain-effects">
        {terrainEffects(ctx, hex)} <cite>[9.0]</cite>
      </p>
      {ids.length > 0 && (
        <ol className="stack">
          {ids.map((id, i) => {
            const u = position.units[id];
            if (!u) return null;
            const moved = position.moved.includes(id);
            const unitActions = options?.byUnit.get(id) ?? [];
            return (
              <li key={id} className={`unit side-${u.side}${props.selectedUnit === id ? " picked" : ""}`}>
                <button
                  type="button"
                  className="unit-pick"
                  onClick={() => props.onSelectUnit(id)}
                  aria-pressed={props.selectedUnit === id}
                  data-unit={id}
                >
                  <CounterIcon ctx={ctx} unit={u} />
                  <span>{describeUnit(ctx, id, u)}</span>
                  {moved ? " — moved" : ""}
                  {options?.movable.has(id) ? " — can move" : ""}
                </button>
                <span className="owner">{playerName(ctx.scenario, u.side)}</span>
                {canReorder && (
                  <span className="reorder">
                    <button
                      type="button"
                      disabled={i === 0}
                      onClick={() => reorder(i, i - 1)}
                      aria-label={`Move ${id} up the stack`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      disabled={i === ids.length - 1}
                      onClick={() => reorder(i, i + 1)}
                      aria-label={`Move ${id} down the stack`}
                    >
                      ↓
                    </button>
                  </span>
                )}
                {unitActions.map((a) => (
                  <button type="button" key={JSON.stringify(a)} onClick={() => props.onAction(a)}>
                    {label(a)}
                  </button>
                ))}
              </li>
            );
          })}
        </ol>
      )}
      {hexActions.map((a) => (
        <button type="button" key={JSON.stringify(a)} onClick={() => props.onAction(a)}>
          {label(a)}
        </button>
      ))}
    </section>
  );
}
