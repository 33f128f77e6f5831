import {
  type Action,
  type GameContext,
  type Position,
  type UnitMoves,
  unitHexes,
} from "@tercio/musket-and-pike";
import { boxSelection } from "../box-select.js";
import { describeUnit } from "../describe-hex.js";
import { stackMovers } from "../group-move.js";
import type { Options } from "../interaction.js";
import { GroupList } from "./GroupList.js";
import { Reinforcements } from "./Reinforcements.js";

export interface MovePanelProps {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly options: Options;
  readonly selectedUnit: string | undefined;
  /** The units selected to move together, the selected unit first. */
  readonly group: readonly string[];
  /** How many hexes all of the group can reach (two units or more). */
  readonly commonReach: number | undefined;
  readonly moves: UnitMoves | undefined;
  readonly onGroup: (units: readonly string[]) => void;
  readonly onAction: (a: Action) => boolean;
  readonly unlimber: boolean;
  readonly onUnlimber: (v: boolean) => void;
  readonly roadMode: boolean;
  readonly onRoadMode: (v: boolean) => void;
  /** The group stands in several hexes; whether it keeps its places (formation.ts). */
  readonly spread: boolean;
  readonly keepFormation: boolean;
  readonly onKeepFormation: (keep: boolean) => void;
}

/**
 * The Movement Phase beside the map: reinforcements waiting to enter (5.1),
 * the selected unit and how it will end its move (unlimbered, 5.4L; in Road
 * Movement Mode, 13.0), and leaving the map where the scenario allows (16.22).
 */
export function MovePanel(props: MovePanelProps) {
  const { ctx, position, options, selectedUnit, moves } = props;
  const waiting = Object.entries(position.offMap)
    .filter(([id, s]) => s === "awaiting-entry" && options.movable.has(id))
    .map(([id]) => id);
  const unit = selectedUnit ? position.units[selectedUnit] : undefined;
  const roadRule = position.options.optionalRules.includes("road-movement");
  // The selected units' stack-mates that can still move: ticked, they move with the group.
  const hexes = unitHexes(position);
  const stackMates = [...new Set(props.group.map((u) => hexes.get(u)))].flatMap((h) =>
    h ? stackMovers(position, options, h) : [],
  );
  // Every unit on the map that can still move: one formation (a keyboard's way to what a shift-drag selects).
  const onMap = [...options.movable].filter((id) => hexes.has(id));
  const held = new Set(onMap.flatMap((id) => hexes.get(id) ?? []));
  return (
    <section className="move-panel" aria-label="Movement">
      {waiting.length > 0 && (
        <Reinforcements
          ctx={ctx}
          position={position}
          waiting={waiting}
          group={props.group}
          onGroup={props.onGroup}
        />
      )}
      {onMap.length > 1 && (
        <button
          type="button"
          onClick={() => props.onGroup(boxSelection(ctx, position, options, [], [...held].sort()))}
          data-testid="select-all-on-map"
          title="Shift-drag on the map selects the units in a rectangle"
        >
          Select all {onMap.length} on the map
        </button>
      )}
      {selectedUnit && unit && (
        <div className="selected-unit" data-testid="selected-unit">
          <h3>Selected</h3>
          <p>{describeUnit(ctx, selectedUnit, unit)}</p>
          <GroupList
            ctx={ctx}
            position={position}
            group={props.group}
            candidates={stackMates}
            commonReach={props.commonReach}
            onGroup={props.onGroup}
            spread={props.spread}
            keepFormation={props.keepFormation}
            onKeepFormation={props.onKeepFormation}
          />
          {props.group.length > 1 ? null : moves ? (
            <p className="hint">
              {moves.destinations.length} hexes within reach: click one (blue, with its cost in MP).
            </p>
          ) : (
            <p className="hint">{options.movable.has(selectedUnit) ? "" : "This unit cannot move now."}</p>
          )}
          {moves?.destinations.some((d) => d.canUnlimber) && (
            <label className="check">
              <input
                type="checkbox"
                checked={props.unlimber}
                onChange={(e) => props.onUnlimber(e.target.checked)}
              />{" "}
              Unlimber at the end of the move (5.4L)
            </label>
          )}
          {roadRule && moves?.destinations.some((d) => d.roadMode) && (
            <label className="check">
              <input
                type="checkbox"
                checked={props.roadMode}
                onChange={(e) => props.onRoadMode(e.target.checked)}
              />{" "}
              End the move in Road Movement Mode where possible (13.0)
            </label>
          )}
          {moves?.exit && (
            <button
              type="button"
              onClick={() =>
                moves.exit &&
                props.onAction({ type: "move", unit: selectedUnit, steps: [...moves.exit.steps] })
              }
            >
              Leave the map ({moves.exit.cost} MP, 16.22)
            </button>
          )}
        </div>
      )}
    </section>
  );
}
