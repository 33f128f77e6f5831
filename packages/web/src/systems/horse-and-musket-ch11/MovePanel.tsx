import type { RuleError } from "@tercio/horse-and-musket-ch11";
import { type FormEvent, useRef } from "react";
import { inchesNumber } from "../tabletop/frame.js";
import type { MovePreview } from "./preview-move.js";
import { isEmpty, type MoveDraft, programWords, travelOf } from "./program.js";
import { parseDegrees, parseInches } from "./steps.js";
import type { TypedMove } from "./useMoveDraft.js";

interface Props {
  readonly draft: MoveDraft;
  readonly preview: MovePreview | undefined;
  /** The refusal a released drag or a step stopped at. */
  readonly stopped: RuleError | undefined;
  readonly allowance: number;
  /** Typed values set (by road, the travel is along the road). */
  readonly onTyped: (t: TypedMove) => void;
  readonly onRoad: (on: boolean) => void;
  readonly onCommit: () => void;
  readonly onCancel: () => void;
}

/** The move being drawn: allowance left, the live readout, typed values, road, commit and cancel. */
export function MovePanel({
  draft,
  preview,
  stopped,
  allowance,
  onTyped,
  onRoad,
  onCommit,
  onCancel,
}: Props) {
  const start = useRef<HTMLInputElement>(null);
  const leg = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLInputElement>(null);
  const used = preview?.used ?? 0;
  const full = preview?.check.allowance ?? allowance;
  const refusal = preview?.refusal ?? stopped;
  const legal = preview?.check.legal === true && !isEmpty(draft);
  // By road the inches are the whole travel along the road, bends and all.
  const travel = draft.road ? travelOf(draft) : draft.leg;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const s = parseDegrees(start.current?.value ?? "0") ?? draft.startPivot;
    const l = parseInches(leg.current?.value ?? "0") ?? travel;
    const t = parseDegrees(end.current?.value ?? "0") ?? draft.endPivot;
    // Enter on values already in force commits; otherwise it sets them.
    if (s === draft.startPivot && l === travel && t === draft.endPivot && legal) onCommit();
    else onTyped({ startPivot: s, travel: l, endPivot: t });
  };

  return (
    <section className="hm11-move" aria-label="Move">
      <h3>Move</h3>
      <p data-testid="move-readout" aria-live="off">
        {programWords(preview?.program ?? [])}: {inchesNumber(used)}" of {inchesNumber(full)}"
        {draft.road ? " by road" : ""} used, {inchesNumber(Math.max(0, full - used))}" left
      </p>
      {refusal && (
        <p className="hm11-refusal" data-testid="move-refusal" role="alert">
          {refusal.message}
        </p>
      )}
      <form onSubmit={onSubmit} className="hm11-move-form">
        <label>
          pivot at start (º, + right)
          <input
            data-testid="move-degrees"
            ref={start}
            key={`s${draft.startPivot}`}
            defaultValue={String(draft.startPivot / 100)}
            inputMode="decimal"
            size={5}
          />
        </label>
        <label>
          inches (− back)
          <input
            data-testid="move-inches"
            ref={leg}
            key={`l${travel}`}
            defaultValue={inchesNumber(travel)}
            inputMode="decimal"
            size={5}
          />
        </label>
        <label>
          pivot at end (º)
          <input
            data-testid="move-end-degrees"
            ref={end}
            key={`e${draft.endPivot}`}
            defaultValue={String(draft.endPivot / 100)}
            inputMode="decimal"
            size={5}
          />
        </label>
        <button type="submit" data-testid="set-move">
          Set
        </button>
      </form>
      <label className="hm11-toggle">
        <input
          type="checkbox"
          data-testid="road-toggle"
          checked={draft.road}
          onChange={(e) => onRoad(e.target.checked)}
        />
        Road move (the whole move on the road, following its bends)
      </label>
      <div>
        <button type="button" data-testid="commit-move" disabled={!legal} onClick={onCommit}>
          Move
        </button>
        <button type="button" data-testid="cancel-move" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="hint">
        {draft.road
          ? 'Drag the base along the road (it follows the bends), the ring to pivot; or Up/Down ¼" along the road, Left/Right 5º, Enter to move, Escape to cancel.'
          : 'Drag the base forward or back, the ring to pivot; or Up/Down ¼", Left/Right 5º, Enter to move, Escape to cancel.'}
      </p>
    </section>
  );
}
