import type { Action } from "@tercio/plucky-pikes";
import type { Props } from "./table-props.js";

/**
 * The phase bar's command: the initiative roll as a turn begins (The Game
 * Turn: "Each side rolls d%"), the end of a side's move, or the end of its
 * declaring of fire. A counter roll waiting for its answer holds it.
 */
export function Controls(props: Props) {
  const { position, seat } = props;
  const open =
    seat !== undefined &&
    position.toMove === seat &&
    position.result === undefined &&
    position.reaction === undefined;
  const initiative = position.part === "initiative";
  const words = initiative
    ? "Roll for initiative"
    : position.part === "move-1" || position.part === "move-2"
      ? "End the move"
      : position.part === "fire-1" || position.part === "fire-2"
        ? "Done declaring fire"
        : "Game over";
  const action: Action = initiative ? { type: "initiative" } : { type: "end-phase" };
  return (
    <button
      type="button"
      data-testid="end-phase"
      disabled={!open}
      title={position.reaction ? "A counter roll waits for its owner's answer" : undefined}
      onClick={() => props.perform(action)}
    >
      {words}
    </button>
  );
}
