import type { RuleError } from "@tercio/horse-and-musket-ch11";
import { type FormEvent, useRef } from "react";
import { inchesNumber } from "./frame.js";
import type { MovePreview } from "./preview-move.js";
import { isEmpty, type MoveDraft, programWords } from "./program.js";
import { parseDegrees, parseInches } from "./steps.js";

interface Props {
  readonly draft: MoveDraft;
  readonly preview: MovePreview | undefined;
  /** The refusal a released drag or a step stopped at. */
  readonly stopped: RuleError | undefined;
  readonly allowance: number;
  readonly onDraft: (d: MoveDraft) => void;
  readonly onCommit: () => void;
  readonly onCancel: () => void;
}

/** The move being drawn: allowance left, the live readout, typed values, road, commit and cancel. */
export function MovePanel({ draft, preview, stopped, allowance, onDraft, onCommit, onCancel }: Props) {
  const start = useRef<HTMLInputElement>(null);
  const leg = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLInputElement>(null);
  const used = preview?.used ?? 0;
  const full = preview?.check.allowance ?? allowance;
  const refusal = preview?.refusal ?? stopped;
  const legal = preview?.check.legal === true && !isEmpty(draft);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const s = parseDegrees(start.current?.value ?? "0") ?? draft.startPivot;
    const l = parseInches(leg.current?.value ?? "0") ?? draft.leg;
    const t = parseDegrees(end.current?.value ?? "0") ?? draft.endPivot;
    const next = { ...draft, startPivot: s, leg: l, endPivot: t };
    // Enter on values already in force commits; otherwise it sets them.
    if (s === draft.startPivot && l === draft.leg && t === draft.endPivot && legal) onCommit();
    else onDraft(next);
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
            key={`l${draft.leg}`}
            defaultValue={inchesNumber(draft.leg)}
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
          onChange={(e) =>
            onDraft({
              ...draft,
              road: e.target.checked,
              leg: e.target.checked ? Math.abs(draft.leg) : draft.leg,
            })
          }
        />
        Road move (the whole move on the road)
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
        Drag the base forward or back, the ring to pivot; or Up/Down ¼", Left/Right 5º, Enter to move, Escape
        to cancel.
      </p>
    </section>
  );
}
