import { type GameContext, idOf, indexOfId, type Position } from "@tercio/musket-and-pike";
import { centre, counterSize, hexAt, hexPoints, type Sheet } from "@tercio/render";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  type WheelEvent,
} from "react";
import { neighbourByKey } from "./cursor.js";
import { boxAround, clearOfCover, follow, framed, inClearSight } from "./follow.js";
import { readableOnPhone } from "./frame.js";
import { Minimap } from "./Minimap.js";
import { overviewCover } from "./overview-cover.js";
import { Pieces } from "./Pieces.js";
import { useSheetImage } from "./sheet-image.js";
import { SvgDefs, SvgMarkup } from "./svg-markup.js";
import { useCamera } from "./use-camera.js";
import { cameraTransform, shownView, type View, zoomed } from "./view.js";
import "./board-view.css";

/** What the board shows over the map besides the counters: all of it computed by the host from the engine. */
export interface Highlights {
  /** Hexes the selected unit can move to, with the cheapest cost in MP. */
  readonly reach?: ReadonlyMap<string, number>;
  /** Hexes that may be chosen now (deployment, fire and melee targets, retreat ends). */
  readonly choices?: ReadonlySet<string>;
  /** A previewed path, hex by hex. */
  readonly path?: readonly string[];
  readonly selected?: string;
  /** The hex of the selected unit (the mover, firer or attacker). */
  readonly actor?: string;
  /** The hex of a previewed attack's target(s). */
  readonly targets?: readonly string[];
  /** The last action's moves (a move, retreat or advance), from and to, so a player sees what just happened. */
  readonly lastMoves?: readonly { readonly from: string; readonly to: string }[];
  /** Deployment zones drawn from the map sheet. */
  readonly zones?: boolean;
  /** 10.0: hexes over the stacking limit, which keep the Movement Phase from ending. */
  readonly overStacked?: readonly string[];
  /** The hexes of the log line the player asked to see, ringed. */
  readonly located?: readonly string[];
  /** Units spent this phase (board/spent.ts): their stacks are drawn faded. */
  readonly spent?: ReadonlySet<string>;
  /** The hexes of the units selected together (a group, a formation), ringed. */
  readonly group?: readonly string[];
  /** A formation's places for the hex under the mouse: where each stack would go, and whether it can. */
  readonly footprint?: readonly { readonly hex: string; readonly reachable: boolean }[];
}

export interface BoardProps {
  readonly ctx: GameContext;
  readonly sheet: Sheet;
  readonly position: Position;
  readonly highlights: Highlights;
  readonly cursor: string;
  readonly onCursor: (hex: string) => void;
  /** A click or Enter on a hex; `add` when Shift or Ctrl (Cmd) was held, to add to a selection. */
  readonly onHex: (hex: string, add: boolean) => void;
  /** Shift-drag: the hexes whose centres lie in the rectangle drawn, to select their units. */
  readonly onBox?: (hexes: readonly string[]) => void;
  /** A counter dragged from the deployment tray and dropped on a hex. */
  readonly onDropUnit?: (unit: string, hex: string) => void;
  readonly onHover?: (hex: string | undefined) => void;
  readonly onEscape?: () => void;
  /** Words for the screen reader's description of the board. */
  readonly label: string;
  /**
   * Hexes to frame when `focusKey` changes (and on first drawing): the units
   * in play, or the zone being deployed in, so counters open at a readable size.
   */
  readonly focus?: readonly string[];
  readonly focusKey?: string;
  /**
   * Changes only when the side to act changes: a pan or zoom by hand holds
   * the view against new focuses until then (board/focus.ts).
   */
  readonly sideKey?: string;
  /** Hexes to bring into view now (the next unit, a log line, entry hexes); `seq` tells one request from the next. */
  readonly reveal?: { readonly hexes: readonly string[]; readonly seq: number };
  /** More buttons for the map's toolbar. */
  readonly tools?: ReactNode;
  /** Whether to glide to a new focus (this screen's turn) or jump (an AI's turn, a replay: no frames spent). */
  readonly glide?: boolean;
  /** Drawn over the counters, under the cursor: a tool's own drawing (the line-of-sight tool's line). */
  readonly overlay?: ReactNode;
}

/** Where the page remembers whether the overview map is hidden. */
const OVERVIEW_KEY = "tercio.overview";

/**
 * The map: the scenario's sheet (drawn once), the counters of the position,
 * and the host's highlights. Pan by dragging (mouse, pen or one finger),
 * zoom with the wheel, two fingers or + and -; the arrow keys move a cursor
 * hex to hex and Enter acts on it as a click does.
 */
export function Board(props: BoardProps) {
  const { ctx, sheet, position, highlights } = props;
  const { layout } = sheet;
  const grid = ctx.map.grid;
  const full: View = { x: 0, y: 0, w: layout.width, h: layout.height };
  const [aspect, setAspect] = useState(full.h / full.w);
  const shownRef = useRef<View>(full);
  const camera = useCamera(full, () => shownRef.current);
  const view = camera.view;
  // The side to act when the player last moved the view by hand (item 1: do not yank it back until the side changes).
  const byHand = useRef<string | undefined>(undefined);
  const setView = (v: View | ((v: View) => View)) => {
    byHand.current = props.sideKey ?? "";
    camera.set(v);
  };
  // Shown unless the player hid it; on a phone it would cover a third of the map, so there it starts hidden.
  const [overview, setOverview] = useState(() => {
    const stored = localStorage.getItem(OVERVIEW_KEY);
    return stored === null ? !matchMedia("(max-width: 700px)").matches : stored !== "hidden";
  });
  const [hover, setHover] = useState<string | undefined>();
  const sheetImage = useSheetImage(sheet);
  // The map's frame on the page: it takes the pointer, the keys and the focus; the map inside it is moved
  // by a CSS transform (the camera), so that a pan or a zoom is the compositor's work, not a new layout and
  // paint of every counter as a new viewBox was (defect 15).
  const stageRef = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ width: 0, height: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ moved: boolean; pinch?: number } | null>(null);
  // Shift-drag draws a selection rectangle instead of panning: its corners in map units.
  const [box, setBox] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const boxing = useRef<{ x0: number; y0: number } | null>(null);

  const toMap = (clientX: number, clientY: number) => {
    const stage = stageRef.current;
    const r = stage?.getBoundingClientRect();
    if (!r || r.width <= 0) return undefined;
    const v = shownRef.current;
    const k = v.w / r.width;
    return { x: v.x + (clientX - r.left) * k, y: v.y + (clientY - r.top) * k };
  };
  const hexOfEvent = (clientX: number, clientY: number): string | undefined => {
    const p = toMap(clientX, clientY);
    if (!p) return undefined;
    const h = hexAt(layout, grid, p.x, p.y);
    return h >= 0 ? idOf(grid, h) : undefined;
  };

  const zoom = (factor: number, cx?: number, cy?: number) =>
    setView((v) => zoomed(shownView(v, aspect, full), factor, layout.size * 8, full.w * 1.2, cx, cy));

  const pointsOf = (ids: readonly string[]) =>
    ids
      .map((id) => indexOfId(grid, id))
      .filter((h) => h >= 0)
      .map((h) => centre(layout, grid, h));
  const boxOf = (ids: readonly string[]) => boxAround(pointsOf(ids), layout.size * 1.2);
  /** On a phone, no frame so wide that counters shrink below a finger's reading size (frame.ts). */
  const readable = (v: View, ids: readonly string[]) =>
    readableOnPhone(v, pointsOf(ids), counterSize(layout), {
      width: stageRef.current?.clientWidth ?? 0,
      height: stageRef.current?.clientHeight ?? 0,
    });

  /** The views that show `box` with none of it under the overview map (follow.ts). */
  const clearOfOverview = (v: View, box: View) =>
    clearOfCover(v, box, overviewCover(stageRef.current), (w) => shownView(w, aspect, full));

  // Frame the focus hexes: on first drawing at least 16 hexes wide so the context shows; then,
  // on each new focus, follow (pan, or zoom out only as needed) unless the player moved the view
  // by hand during this side's turn.
  const framedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reframes only when the host says the situation changed (focusKey), not on every position
  useEffect(() => {
    const box = boxOf(props.focus ?? []);
    if (!box) return;
    if (!framedOnce.current) {
      framedOnce.current = true;
      const first = shownView(readable(framed(box, layout.size * 1.5 * 16), props.focus ?? []), aspect, full);
      camera.set(clearOfOverview(first, box));
      return;
    }
    if (byHand.current !== undefined && byHand.current === (props.sideKey ?? "")) return;
    byHand.current = undefined;
    const to = clearOfOverview(
      shownView(readable(follow(shownRef.current, box), props.focus ?? []), aspect, full),
      box,
    );
    if (props.glide === false) camera.set(to);
    else camera.glide(to);
  }, [props.focusKey]);

  // Bring what the host asks for into view (the next unit, a log line, where reinforcements enter).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new request only
  useEffect(() => {
    const box = props.reveal ? boxOf(props.reveal.hexes) : undefined;
    if (box) camera.glide(clearOfOverview(shownView(follow(shownRef.current, box), aspect, full), box));
  }, [props.reveal?.seq]);

  // The frame's shape decides the view's (no letterboxing), and its width the camera's scale.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => {
      if (stage.clientWidth > 0 && stage.clientHeight > 0) {
        setAspect(stage.clientHeight / stage.clientWidth);
        setStageSize({ width: stage.clientWidth, height: stage.clientHeight });
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  const shown = shownView(view, aspect, full);
  shownRef.current = shown;

  // Keep the cursor in view when it moves (not when the board first opens: the frame above decides that).
  const cursorMoved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the cursor only, not every resize or zoom
  useEffect(() => {
    if (!cursorMoved.current) {
      cursorMoved.current = true;
      return;
    }
    const h = indexOfId(grid, props.cursor);
    if (h < 0) return;
    const c = centre(layout, grid, h);
    const v = shownRef.current;
    const m = layout.size * 1.5;
    const around = { x: c.x - m, y: c.y - m, w: 2 * m, h: 2 * m };
    if (inClearSight(v, around, overviewCover(stageRef.current))) return;
    // The player drove the cursor off the screen, or under the overview map: a move by hand.
    setView({ ...v, x: c.x - v.w / 2, y: c.y - v.h / 2 });
  }, [props.cursor]);

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const p = toMap(e.clientX, e.clientY);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p?.x, p?.y);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    drag.current = { moved: false };
    const p =
      e.shiftKey && props.onBox && pointers.current.size === 1 ? toMap(e.clientX, e.clientY) : undefined;
    boxing.current = p ? { x0: p.x, y0: p.y } : null;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) {
      const hex = hexOfEvent(e.clientX, e.clientY);
      if (hex !== hover) {
        setHover(hex);
        props.onHover?.(hex);
      }
      return;
    }
    const stage = stageRef.current;
    if (!stage || !drag.current) return;
    const scale = shown.w / stage.clientWidth;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const d0 = Math.hypot(a.x - b.x, a.y - b.y);
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [a2, b2] = [...pointers.current.values()];
      if (!a2 || !b2) return;
      const d1 = Math.hypot(a2.x - b2.x, a2.y - b2.y);
      if (d0 > 0 && d1 > 0) zoom(d0 / d1);
      drag.current.moved = true;
      return;
    }
    const dx = e.clientX - before.x;
    const dy = e.clientY - before.y;
    if (!drag.current.moved && Math.hypot(dx, dy) < 5) return;
    if (!drag.current.moved) stage.setPointerCapture(e.pointerId);
    drag.current.moved = true;
    const start = boxing.current;
    if (start) {
      const p = toMap(e.clientX, e.clientY);
      if (p) setBox({ ...start, x1: p.x, y1: p.y });
      return;
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    setView({ ...shown, x: shown.x - dx * scale, y: shown.y - dy * scale });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const wasDrag = drag.current?.moved ?? false;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) return;
    drag.current = null;
    const drawn = boxing.current && wasDrag ? box : null;
    boxing.current = null;
    setBox(null);
    if (drawn) {
      props.onBox?.(hexesIn(drawn));
      return;
    }
    if (wasDrag) return;
    const hex = hexOfEvent(e.clientX, e.clientY);
    if (hex) {
      props.onCursor(hex);
      props.onHex(hex, e.shiftKey || e.ctrlKey || e.metaKey);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = neighbourByKey(grid, props.cursor, e.key);
    if (next !== undefined) {
      e.preventDefault();
      if (next !== props.cursor) props.onCursor(next);
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      props.onHex(props.cursor, e.shiftKey || e.ctrlKey || e.metaKey);
    } else if (e.key === "+" || e.key === "=") zoom(1 / 1.25);
    else if (e.key === "-") zoom(1.25);
    else if (e.key === "0") setView(full);
    else if (e.key === "Escape") props.onEscape?.();
  };

  /** The hexes whose centres lie in the rectangle, in grid order. */
  const hexesIn = (r: { x0: number; y0: number; x1: number; y1: number }): string[] => {
    const [left, right] = [Math.min(r.x0, r.x1), Math.max(r.x0, r.x1)];
    const [top, bottom] = [Math.min(r.y0, r.y1), Math.max(r.y0, r.y1)];
    const out: string[] = [];
    for (let h = 0; h < grid.size; h++) {
      const c = centre(layout, grid, h);
      if (c.x >= left && c.x <= right && c.y >= top && c.y <= bottom) out.push(idOf(grid, h));
    }
    return out;
  };

  const poly = hexPoints(layout);
  const at = (hex: string) => {
    const h = indexOfId(grid, hex);
    return h >= 0 ? centre(layout, grid, h) : undefined;
  };
  const hexShape = (hex: string, className: string, extra?: string) => {
    const c = at(hex);
    return c ? (
      <g
        key={`${className}-${hex}`}
        className={className}
        data-hex={hex}
        transform={`translate(${c.x} ${c.y})`}
      >
        <polygon points={poly} />
        {extra !== undefined && (
          <text y={layout.size * 0.62} textAnchor="middle" className="hex-cost">
            {extra}
          </text>
        )}
      </g>
    ) : null;
  };
  const pathPoints = (highlights.path ?? [])
    .map(at)
    .filter((p) => p !== undefined)
    .map((p) => `${p.x},${p.y}`)
    .join(" ");
  const hoverCentre = hover ? at(hover) : undefined;
  const cursorCentre = at(props.cursor);

  return (
    <div className="board">
      {/* The frame on the page takes the pointer, the keys and the focus. Inside it the whole sheet is drawn
          once at its own size, and the camera moves it with a CSS transform: panning and zooming are the
          compositor's, not a layout and paint of every counter (defect 15). The sheet (terrain, roads,
          margins) is one image under the pieces (sheet-image.ts): play never repaints it. */}
      <div
        ref={stageRef}
        className="board-stage"
        role="application"
        aria-label={props.label}
        aria-roledescription="hex map"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map is an interactive application (arrow keys, Enter) and takes the focus
        tabIndex={0}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(e) => {
          pointers.current.delete(e.pointerId);
          drag.current = null;
          boxing.current = null;
          setBox(null);
        }}
        onPointerLeave={() => {
          setHover(undefined);
          props.onHover?.(undefined);
        }}
        onKeyDown={onKeyDown}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          const unit = e.dataTransfer.getData("text/x-tercio-unit");
          const hex = hexOfEvent(e.clientX, e.clientY);
          if (!unit || !hex || !props.onDropUnit) return;
          e.preventDefault();
          props.onDropUnit(unit, hex);
        }}
        data-testid="board"
        data-cursor={props.cursor}
        data-gliding={camera.gliding ? "true" : undefined}
        data-view={`${shown.x} ${shown.y} ${shown.w} ${shown.h}`}
      >
        <div
          className="board-camera"
          style={{
            width: layout.width,
            height: layout.height,
            transform: cameraTransform(shown, stageSize.width),
          }}
        >
          <img
            className="board-sheet"
            src={sheetImage}
            width={layout.width}
            height={layout.height}
            alt=""
            draggable={false}
          />
          <svg
            className="board-svg"
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            width={layout.width}
            height={layout.height}
            aria-hidden="true"
            focusable="false"
          >
            <SvgDefs markup={sheet.defs} />
            {highlights.zones && (
              <SvgMarkup className="zones" markup={sheet.zones.under + sheet.zones.over} />
            )}
            <g className="hl-choices">{[...(highlights.choices ?? [])].map((h) => hexShape(h, "choice"))}</g>
            <g className="hl-reach">
              {[...(highlights.reach ?? new Map<string, number>())].map(([h, cost]) =>
                hexShape(h, "reach", `${cost}`),
              )}
            </g>
            <Pieces layout={layout} ctx={ctx} position={position} spent={highlights.spent} />
            {(highlights.group ?? []).map((h) => hexShape(h, "in-group"))}
            {(highlights.footprint ?? []).map((p) => hexShape(p.hex, p.reachable ? "place" : "place-out"))}
            {(highlights.targets ?? []).map((h) => hexShape(h, "target"))}
            {(highlights.overStacked ?? []).map((h) => hexShape(h, "over-stacked", "10.0"))}
            {(highlights.lastMoves ?? []).map((m) => {
              const a = at(m.from);
              const b = at(m.to);
              return a && b ? (
                <g key={`last-${m.from}-${m.to}`} className="last-move">
                  <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
                  <circle cx={b.x} cy={b.y} r={layout.size * 0.18} />
                </g>
              ) : null;
            })}
            {pathPoints !== "" && <polyline className="path" points={pathPoints} />}
            {(highlights.located ?? []).map((h) => hexShape(h, "located"))}
            {props.overlay}
            {highlights.actor && hexShape(highlights.actor, "actor")}
            {highlights.selected &&
              highlights.selected !== highlights.actor &&
              hexShape(highlights.selected, "selected")}
            {cursorCentre && (
              <g className="cursor" transform={`translate(${cursorCentre.x} ${cursorCentre.y})`}>
                <polygon points={poly} />
              </g>
            )}
            {box && (
              <rect
                className="select-box"
                x={Math.min(box.x0, box.x1)}
                y={Math.min(box.y0, box.y1)}
                width={Math.abs(box.x1 - box.x0)}
                height={Math.abs(box.y1 - box.y0)}
                data-testid="select-box"
              />
            )}
            {hover && hoverCentre && (
              <g
                className="hover-id"
                transform={`translate(${hoverCentre.x} ${hoverCentre.y - layout.size * 0.98})`}
              >
                <rect
                  x={-layout.size * 0.5}
                  y={-layout.size * 0.3}
                  width={layout.size}
                  height={layout.size * 0.4}
                  rx={3}
                />
                <text y={layout.size * 0.02} textAnchor="middle">
                  {hover}
                </text>
              </g>
            )}
          </svg>
        </div>
      </div>
      {overview && (
        <Minimap
          ctx={ctx}
          sheet={sheet}
          position={position}
          shown={shown}
          onCentre={(x, y) => setView({ ...shown, x: x - shown.w / 2, y: y - shown.h / 2 })}
        />
      )}
      <div className="zoom-buttons" role="toolbar" aria-label="Map view">
        {props.tools}
        <button
          type="button"
          aria-pressed={overview}
          onClick={() => {
            localStorage.setItem(OVERVIEW_KEY, overview ? "hidden" : "shown");
            setOverview(!overview);
          }}
          title="Show or hide the overview map"
          data-testid="overview-toggle"
          className="text-tool"
        >
          Overview
        </button>
        <button type="button" onClick={() => zoom(1 / 1.25)} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <button type="button" onClick={() => zoom(1.25)} aria-label="Zoom out" title="Zoom out (-)">
          −
        </button>
        <button type="button" onClick={() => setView(full)} aria-label="Whole map" title="Whole map (0)">
          ⤢
        </button>
      </div>
    </div>
  );
}
