import type { GameContext, Position, UnitId } from "@tercio/musket-and-pike";
import { describeUnit } from "../describe-hex.js";
import { toggled } from "../group-move.js";

export interface GroupListProps {
  readonly ctx: GameContext;
  readonly position: Position;
  /** The selected units, the first the one whose path is shown. */
  readonly group: readonly UnitId[];
  /** Units that may join: the selected stacks' other units with a move this phase. */
  readonly candidates: readonly UnitId[];
  /** How many hexes all of the group can reach, for two units or more. */
  readonly commonReach: number | undefined;
  readonly onGroup: (units: readonly UnitId[]) => void;
  /** The group stands in several hexes: it may keep its places (a formation) or gather in one hex. */
  readonly spread?: boolean;
  readonly keepFormation?: boolean;
  readonly onKeepFormation?: (keep: boolean) => void;
}

/** Past this many units (reinforcements entering), the checkboxes fold away, so that Tab gets past them. */
const LONG = 8;

/**
 * The units moving together, with a checkbox each: tick a stack-mate to add
 * it, untick a unit to leave it behind. They move to one hex, or as a
 * formation keeping their places, each by its own path and Movement
 * Allowance (5.1C).
 */
export function GroupList(props: GroupListProps) {
  const { ctx, position, group, candidates, commonReach, onGroup } = props;
  const formation = props.spread === true && props.keepFormation === true;
  const shown = [...group, ...candidates.filter((u) => !group.includes(u))];
  if (shown.length < 2) return null;
  const boxes = shown.map((id) => {
    const u = position.units[id];
    return (
      <label key={id} className="check">
        <input
          type="checkbox"
          data-group-unit={id}
          checked={group.includes(id)}
          onChange={() => onGroup(toggled(group, [id]))}
        />{" "}
        {u ? describeUnit(ctx, id, u) : id}
      </label>
    );
  });
  return (
    <fieldset className="group-list" data-testid="group">
      <legend>
        {formation ? "Formation" : "Moving together"} ({group.length})
        {commonReach !== undefined && group.length > 1
          ? formation
            ? `: ${commonReach} hexes to send ${group[0]} to, every unit keeping its place`
            : `: ${commonReach} hexes all can reach`
          : ""}
      </legend>
      {props.spread && props.onKeepFormation && (
        <label className="check">
          <input
            type="checkbox"
            checked={props.keepFormation === true}
            onChange={(e) => props.onKeepFormation?.(e.target.checked)}
            data-testid="keep-formation"
          />{" "}
          Keep formation (each stack keeps its place from {group[0]}'s)
        </label>
      )}
      {shown.length > LONG ? (
        <details>
          <summary>The {shown.length} units one by one</summary>
          {boxes}
        </details>
      ) : (
        boxes
      )}
      {group.length > 1 && (
        <p className="hint">
          {formation
            ? `Click where ${group[0]} is to go (its hex is ringed): each stack goes to the hex outlined under the mouse, green where it can reach it. Units that cannot stay selected, with the rule.`
            : "A blue hex takes them all, one after another; a hex only some reach moves those (the others stay selected, with the rule)."}
        </p>
      )}
    </fieldset>
  );
}
