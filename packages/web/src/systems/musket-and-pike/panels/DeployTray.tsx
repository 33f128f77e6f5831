import type { GameContext, Position, UnitId } from "@tercio/musket-and-pike";
import { describeUnit } from "../describe-hex.js";
import { CounterIcon } from "./CounterIcon.js";

export interface DeployTrayProps {
  readonly ctx: GameContext;
  readonly position: Position;
  /** The deploying player's units still off the map. */
  readonly units: readonly UnitId[];
  readonly selectedUnit: UnitId | undefined;
  readonly onSelectUnit: (unit: UnitId) => void;
  readonly onAutoDeploy: () => void;
}

/**
 * 16.0: the units still to set up. Pick one, then a highlighted hex (or drag
 * it onto the map); or let the engine set up the rest.
 */
export function DeployTray({
  ctx,
  position,
  units,
  selectedUnit,
  onSelectUnit,
  onAutoDeploy,
}: DeployTrayProps) {
  return (
    <section className="tray" aria-label="Units to deploy">
      <h3>To deploy ({units.length})</h3>
      <button type="button" data-testid="auto-deploy" onClick={onAutoDeploy}>
        Deploy automatically
      </button>
      <ul>
        {units.map((id) => {
          const unit = position.units[id];
          return (
            <li key={id}>
              <button
                type="button"
                draggable
                onDragStart={(e) => e.dataTransfer.setData("text/x-tercio-unit", id)}
                className={selectedUnit === id ? "picked" : ""}
                aria-pressed={selectedUnit === id}
                onClick={() => onSelectUnit(id)}
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
