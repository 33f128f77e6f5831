import type { Pose } from "@tercio/geometry";
import type { RuleError, UnitState } from "@tercio/horse-and-musket-ch11";
import { useMemo, useState } from "react";
import { type Point, TICK } from "../tabletop/frame.js";
import { dragLeg, dragPivot, poseBeforeEnd } from "./drag.js";
import { onBase, onRing, ringRadius } from "./hit-test.js";
import { type MovePreview, previewMove } from "./preview-move.js";
import { emptyDraft, isEmpty, type MoveDraft, programOf } from "./program.js";
import { roadDraftAhead, roadDraftTo, roadStep } from "./road-legs.js";
import { onRoad, roadNet } from "./road-route.js";
import { LEG_STEP, stepLeg, stepPivot } from "./steps.js";
import type { Props } from "./table-props.js";

/** A drag of the move being drawn. */
export type MoveDrag =
  | { readonly kind: "leg"; readonly start: MoveDraft; readonly grab: Point }
  | { readonly kind: "road"; readonly start: MoveDraft; readonly offset: Point }
  | { readonly kind: "pivot"; readonly which: "start" | "end"; readonly start: MoveDraft };

export const RING_BAND = TICK / 2;

/** What the typed fields set: the pivot at the start, the centre's travel, the pivot at the end. */
export interface TypedMove {
  readonly startPivot: number;
  readonly travel: number;
  readonly endPivot: number;
}

/**
 * The move being drawn for the selected unit: the draft, what checkMove
 * makes of it (the preview), and the ways to change it (drags, keys,
 * typed values, the road toggle). A step or a released drag that asks too
 * much settles at its legal part, the rule kept to show.
 */
export function useMoveDraft(
  props: Props,
  selected: string | undefined,
  unit: UnitState | undefined,
  canMove: boolean,
) {
  const { ctx, position } = props;
  const [draft, setDraft] = useState<MoveDraft | undefined>();
  const [stopped, setStopped] = useState<RuleError | undefined>();
  const net = useMemo(() => roadNet(ctx.terrain.roads), [ctx]);

  const moving = useMemo(
    () => (canMove && selected !== undefined ? (draft ?? emptyDraft(selected)) : undefined),
    [canMove, selected, draft],
  );
  const preview: MovePreview | undefined = useMemo(
    () => (moving ? previewMove(ctx, position, moving) : undefined),
    [ctx, position, moving],
  );

  const reset = () => {
    setDraft(undefined);
    setStopped(undefined);
  };

  const propose = (d: MoveDraft) => {
    const p = previewMove(ctx, position, d);
    if (p && !p.check.legal && !isEmpty(d)) {
      setDraft(p.settled);
      setStopped(p.refusal);
      if (p.refusal) props.announce(p.refusal.message);
    } else {
      setDraft(d);
      setStopped(undefined);
      if (p)
        props.announce(`${p.used / TICK} of ${p.check.allowance / TICK} inches${d.road ? " by road" : ""}`);
    }
  };

  const commit = () => {
    if (!moving || !preview?.check.legal || isEmpty(moving)) return;
    props.perform({ type: "move", unit: moving.unit, program: programOf(moving) });
  };

  /** Up (+1) or Down (−1): a quarter inch more or less; by road, along the road. */
  const step = (dir: 1 | -1) => {
    if (!moving || !unit) return;
    if (moving.road && onRoad(net, unit)) return propose(roadStep(net, unit, unit, moving, dir, LEG_STEP));
    propose(stepLeg(moving, dir));
  };
  const turn = (dir: 1 | -1) => moving && propose(stepPivot(moving, dir));

  /** The road toggle: on, the move so far follows the road; off, a straight leg again. */
  const road = (on: boolean) => {
    if (!moving || !unit) return;
    if (!on) return propose({ ...moving, road: false, bends: [] });
    const plain = { ...moving, road: true, leg: Math.abs(moving.leg), bends: [] };
    propose(onRoad(net, unit) && plain.leg > 0 ? roadDraftAhead(net, unit, plain, plain.leg) : plain);
  };

  const typed = (t: TypedMove) => {
    if (!moving || !unit) return;
    if (moving.road && onRoad(net, unit)) {
      const d = roadDraftAhead(net, unit, { ...moving, startPivot: t.startPivot, bends: [] }, t.travel);
      return propose({ ...d, endPivot: t.endPivot });
    }
    propose({ ...moving, startPivot: t.startPivot, leg: t.travel, endPivot: t.endPivot, bends: [] });
  };

  /** A press on the unit, its ghost or a ring: the drag it starts, if any. */
  const grab = (p: Point): MoveDrag | undefined => {
    if (!moving || !unit || !preview) return undefined;
    const r = ringRadius(unit);
    if (moving.leg !== 0 && onRing(preview.ghost, r, RING_BAND, p))
      return { kind: "pivot", which: "end", start: moving };
    if (onRing(unit, r, RING_BAND, p)) return { kind: "pivot", which: "start", start: moving };
    const onGhost = onBase(preview.ghost, unit, p);
    if (!onGhost && !onBase(unit, unit, p)) return undefined;
    if (moving.road && onRoad(net, unit)) {
      const from: Pose = onGhost ? preview.ghost : unit;
      return { kind: "road", start: moving, offset: { x: from.x - p.x, y: from.y - p.y } };
    }
    return { kind: "leg", start: moving, grab: p };
  };

  const drag = (d: MoveDrag, p: Point) => {
    if (!unit) return;
    if (d.kind === "leg") return setDraft(dragLeg(unit, d.start, d.grab, p));
    if (d.kind === "road")
      return setDraft(roadDraftTo(net, unit, d.start, { x: p.x + d.offset.x, y: p.y + d.offset.y }));
    const centre: Pose = d.which === "start" ? unit : poseBeforeEnd(unit, unit, d.start);
    setDraft(dragPivot(d.start, d.which, centre, centre.facing, p));
  };

  const release = () => draft && propose(draft);

  return {
    draft,
    moving,
    preview,
    stopped,
    reset,
    propose,
    commit,
    step,
    turn,
    road,
    typed,
    grab,
    drag,
    release,
  };
}

export type MoveDrafting = ReturnType<typeof useMoveDraft>;
