import { type Part, sideName, statusLine } from "@tercio/plucky-pikes";
import type { Props } from "./table-props.js";
import { initiativeOf } from "./words.js";

/**
 * Where the turn stands: the status line, then the turn's parts as the
 * text orders them (the initiative roll, player 1's move, the fire after
 * it, player 2's move, the fire after that, then melee, morale and army
 * morale, resolved at once), the current one marked, with this turn's
 * initiative dice.
 */
export function Status(props: Props) {
  const { ctx, position, history } = props;
  const ini = initiativeOf(history, position.turn);
  const p1 = sideName(ctx, position.first);
  const p2 = sideName(ctx, position.first === "first" ? "second" : "first");
  const steps: readonly { part: Part | "rest"; words: string }[] = [
    { part: "initiative", words: "Initiative" },
    { part: "move-1", words: `Move: ${p1}` },
    { part: "fire-1", words: "Fire" },
    { part: "move-2", words: `Move: ${p2}` },
    { part: "fire-2", words: "Fire" },
    { part: "rest", words: "Melee, morale" },
  ];
  return (
    <div
      className="turn pp-status"
      data-testid="pp-status"
      data-part={position.part}
      data-to-move={position.toMove}
    >
      <b data-testid="status">{statusLine(ctx, position)}</b>
      <ol className="pp-parts" data-testid="pp-parts" aria-label="The turn's parts">
        {steps.map((s) => (
          <li
            key={`${s.part}-${s.words}`}
            data-part={s.part}
            aria-current={s.part === position.part ? "step" : undefined}
            className={s.part === position.part ? "now" : undefined}
          >
            {s.words}
          </li>
        ))}
      </ol>
      {ini && (
        <span data-testid="pp-initiative" className="pp-initiative">
          Initiative (d%): {sideName(ctx, "first")} {ini.first}, {sideName(ctx, "second")} {ini.second}
        </span>
      )}
    </div>
  );
}
