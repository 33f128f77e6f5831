import { type GameContext, indexOfId, type Position, TERRAINS } from "@tercio/musket-and-pike";
import { centre, type Sheet, SIDE_DARK, TERRAIN_FILL } from "@tercio/render";
import { type KeyboardEvent, type PointerEvent, useDeferredValue, useMemo, useRef } from "react";
import { SvgMarkup } from "./svg-markup.js";
import type { View } from "./view.js";

export interface MinimapProps {
  readonly ctx: GameContext;
  readonly sheet: Sheet;
  readonly position: Position;
  /** The viewBox on screen, drawn as a rectangle. */
  readonly shown: View;
  /** Centres the board's view on a point of the sheet. */
  readonly onCentre: (x: number, y: number) => void;
}

/**
 * The whole sheet in small (item 2 of the view's brief, for the large maps
 * such as Lützen's 48 x 32 hexes): the terrain in its colours, each stack a
 * mark of its side (a round dot for the First Player, a square for the
 * Second: told apart without colour), and the part of the map on screen as
 * a rectangle. Click or drag to move the view there; with the focus, the
 * arrow keys move it a quarter of a screen.
 */
export function Minimap({ ctx, sheet, position: latest, shown, onCentre }: MinimapProps) {
  // The units follow the board a frame behind, drawn in a render of their own (as the log: defect 15).
  const position = useDeferredValue(latest);
  const { layout } = sheet;
  const grid = ctx.map.grid;
  const ref = useRef<SVGSVGElement>(null);
  const dragging = useRef(false);

  const ground = useMemo(() => {
    let out = `<rect width="${layout.width}" height="${layout.height}" fill="${TERRAIN_FILL.clear}"/>`;
    for (let h = 0; h < grid.size; h++) {
      const t = TERRAINS[ctx.terrain[h] as number];
      if (!t || t === "clear") continue;
      const c = centre(layout, grid, h);
      out += `<use href="#hx" x="${c.x}" y="${c.y}" class="tt-${t}"/>`;
    }
    return out;
  }, [ctx, layout, grid]);

  const r = layout.size * 0.95;
  // Once per position, not on every frame of a pan.
  const units = useMemo(
    () =>
      Object.entries(position.stacks).flatMap(([hex, ids]) => {
        const side = position.units[ids[0] ?? ""]?.side;
        const h = indexOfId(grid, hex);
        if (!side || h < 0) return [];
        const c = centre(layout, grid, h);
        return [
          side === "first" ? (
            <circle key={hex} cx={c.x} cy={c.y} r={r} fill={SIDE_DARK.first} data-side="first" />
          ) : (
            <rect
              key={hex}
              x={c.x - r}
              y={c.y - r}
              width={r * 2}
              height={r * 2}
              fill="#fff"
              stroke={SIDE_DARK.second}
              strokeWidth={r * 0.6}
              data-side="second"
            />
          ),
        ];
      }),
    [position, grid, layout, r],
  );

  const toSheet = (e: PointerEvent<SVGSVGElement>) => {
    const m = ref.current?.getScreenCTM();
    if (!m) return undefined;
    return new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  };
  const onDown = (e: PointerEvent<SVGSVGElement>) => {
    dragging.current = true;
    ref.current?.setPointerCapture(e.pointerId);
    const p = toSheet(e);
    if (p) onCentre(p.x, p.y);
  };
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!dragging.current) return;
    const p = toSheet(e);
    if (p) onCentre(p.x, p.y);
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const [dx = 0, dy = 0] = step;
    onCentre(shown.x + shown.w / 2 + (dx * shown.w) / 4, shown.y + shown.h / 2 + (dy * shown.h) / 4);
  };

  return (
    <svg
      ref={ref}
      className="minimap"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      style={{ aspectRatio: `${layout.width} / ${layout.height}` }}
      role="application"
      aria-roledescription="overview map"
      aria-label="Overview of the whole map: the rectangle is the part on screen. Click or drag to move the view; the arrow keys move it."
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the overview moves the view by keyboard (arrow keys) and takes the focus
      tabIndex={0}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      onKeyDown={onKey}
      data-testid="minimap"
    >
      <SvgMarkup className="minimap-ground" markup={ground} />
      <g className="minimap-units">{units}</g>
      <rect
        className="minimap-viewport"
        x={shown.x}
        y={shown.y}
        width={shown.w}
        height={shown.h}
        data-testid="minimap-viewport"
      />
    </svg>
  );
}
