import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import {
  flipTransform,
  type Point,
  type TableSize,
  toTable,
  type ViewBox,
  viewBoxAttr,
  zoomAt,
} from "./frame.js";

/**
 * The SVG: the view box (zoom and pan by wheel, drag on empty table, pinch,
 * keys), the flipped group for table geometry, an upright group for
 * labels, and the pointer in table ticks for the table's own handlers.
 * Pointer moves reach the handlers at most once an animation frame.
 */
export interface BoardHandlers {
  /** A press at a table point: true if the table takes it (a drag of its own), false to pan. */
  readonly down: (p: Point) => boolean;
  readonly drag: (p: Point) => void;
  /** The release; `click` when the pointer hardly moved. */
  readonly up: (p: Point, click: boolean) => void;
  readonly key: (e: KeyboardEvent<SVGSVGElement>) => void;
}

interface Props {
  readonly table: TableSize;
  readonly view: ViewBox;
  readonly setView: (v: ViewBox) => void;
  readonly handlers: BoardHandlers;
  readonly geometry: ReactNode;
  readonly upright: ReactNode;
  readonly defs: ReactNode;
  readonly label: string;
  readonly cursor: string;
}

type Gesture =
  | { kind: "table"; id: number; x: number; y: number }
  | { kind: "pan"; id: number; x: number; y: number; inv: DOMMatrix; start: ViewBox; at: DOMPoint }
  | { kind: "pinch"; dist: number; start: ViewBox; mid: DOMPoint; inv: DOMMatrix };

export function Board(props: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const gesture = useRef<Gesture | undefined>(undefined);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const frame = useRef<number | undefined>(undefined);
  const pending = useRef<Point | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;

  const userAt = (clientX: number, clientY: number, inv?: DOMMatrix): DOMPoint => {
    const m = inv ?? svg.current?.getScreenCTM()?.inverse();
    const p = new DOMPoint(clientX, clientY);
    return m ? p.matrixTransform(m) : p;
  };
  const tableAt = (clientX: number, clientY: number) =>
    toTable(latest.current.table, userAt(clientX, clientY));

  // The wheel zooms about the pointer; a non-passive listener, so the page does not scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: bound once; it reads the latest props through a ref
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { view, table, setView } = latest.current;
      setView(zoomAt(view, table, e.deltaY < 0 ? 1.15 : 1 / 1.15, userAt(e.clientX, e.clientY)));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onDown = (e: React.PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    svg.current?.setPointerCapture?.(e.pointerId);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const inv = svg.current?.getScreenCTM()?.inverse() ?? new DOMMatrix();
      gesture.current = {
        kind: "pinch",
        dist: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        start: latest.current.view,
        mid: userAt((a.x + b.x) / 2, (a.y + b.y) / 2, inv),
        inv,
      };
      return;
    }
    const p = tableAt(e.clientX, e.clientY);
    if (latest.current.handlers.down(p)) {
      gesture.current = { kind: "table", id: e.pointerId, x: e.clientX, y: e.clientY };
      return;
    }
    const inv = svg.current?.getScreenCTM()?.inverse() ?? new DOMMatrix();
    gesture.current = {
      kind: "pan",
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      inv,
      start: latest.current.view,
      at: userAt(e.clientX, e.clientY, inv),
    };
  };

  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const factor = Math.hypot(a.x - b.x, a.y - b.y) / g.dist;
      latest.current.setView(zoomAt(g.start, latest.current.table, factor, g.mid));
      return;
    }
    if (g.id !== e.pointerId) return;
    if (g.kind === "pan") {
      const now = userAt(e.clientX, e.clientY, g.inv);
      latest.current.setView({
        ...g.start,
        x: g.start.x - (now.x - g.at.x),
        y: g.start.y - (now.y - g.at.y),
      });
      return;
    }
    pending.current = tableAt(e.clientX, e.clientY);
    if (frame.current === undefined)
      frame.current = requestAnimationFrame(() => {
        frame.current = undefined;
        const p = pending.current;
        pending.current = undefined;
        if (p) latest.current.handlers.drag(p);
      });
  };

  const onUp = (e: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      if (pointers.current.size === 0) gesture.current = undefined;
      return;
    }
    if (g.id !== e.pointerId) return;
    gesture.current = undefined;
    const click = Math.hypot(e.clientX - g.x, e.clientY - g.y) < 4;
    if (g.kind === "table") {
      if (frame.current !== undefined) {
        cancelAnimationFrame(frame.current);
        frame.current = undefined;
      }
      latest.current.handlers.up(tableAt(e.clientX, e.clientY), click);
    } else if (click) latest.current.handlers.up(tableAt(e.clientX, e.clientY), true);
  };

  return (
    <svg
      ref={svg}
      className="board-svg hm11-board"
      data-testid="table"
      role="application"
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table is an interactive application (keys to zoom, pan and draw moves) and takes the focus
      tabIndex={0}
      viewBox={viewBoxAttr(props.view)}
      style={{ cursor: props.cursor }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onKeyDown={props.handlers.key}
    >
      {props.defs}
      <g transform={flipTransform(props.table)}>{props.geometry}</g>
      {props.upright}
    </svg>
  );
}
