import { type GameContext, indexOfId, type Position } from "@tercio/musket-and-pike";
import {
  attackLayer,
  COUNTER_FONT,
  controlLayer,
  keyHexLayer,
  type Layout,
  SPENT_OPACITY,
  type StackCounter,
  spentMark,
} from "@tercio/render";
import { memo, useMemo, useState } from "react";
import { cachedStackCounters, newStackCache } from "./stack-cache.js";
import { SvgMarkup } from "./svg-markup.js";

/**
 * The position's pieces: the key-hex numbers (under the counters, so that a
 * badge never hides one: defect 11), control pennants, counters (spent ones
 * faded, board/spent.ts) and declared attacks. Each stack is its own element, redrawn only when its
 * markup changes: a step of play (an AI's move arriving) touches one or two
 * stacks, and re-parsing every counter of a big battle for it froze the
 * page for a tenth of a second or more on Lutzen. Nor is an unchanged
 * stack's markup built again (stack-cache.ts).
 */
export function Pieces({
  layout,
  ctx,
  position,
  spent,
}: {
  readonly layout: Layout;
  readonly ctx: GameContext;
  readonly position: Position;
  /** Units spent this phase: their stacks are drawn faded and dog-eared. */
  readonly spent?: ReadonlySet<string> | undefined;
}) {
  const grid = ctx.map.grid;
  const control = useMemo(() => controlLayer(layout, ctx, position), [layout, ctx, position]);
  const [cache] = useState(newStackCache);
  const stacks = useMemo(
    () => cachedStackCounters(cache, layout, ctx, position, spent),
    [cache, layout, ctx, position, spent],
  );
  const attacks = useMemo(() => attackLayer(layout, ctx, position), [layout, ctx, position]);
  const keys = useMemo(() => {
    const occupied = new Set<number>();
    for (const hex of Object.keys(position.stacks)) occupied.add(indexOfId(grid, hex));
    return keyHexLayer(layout, ctx.map, occupied);
  }, [layout, ctx, position, grid]);
  return (
    <g className="pieces">
      <SvgMarkup markup={keys} />
      <SvgMarkup markup={control} />
      <g id="counters" fontFamily={COUNTER_FONT}>
        {stacks.map((s) => (
          <Stack key={s.hex} stack={s} layout={layout} />
        ))}
      </g>
      <g id="counter-marks" fontFamily={COUNTER_FONT}>
        {stacks.map((s) =>
          s.marks === "" ? null : <Marks key={s.hex} transform={s.transform} marks={s.marks} />,
        )}
      </g>
      <SvgMarkup markup={attacks} />
    </g>
  );
}

/**
 * One stack's counter: compared by its markup, so an unchanged stack is left alone. Its face is an element
 * of its own, so that a change of phase (every moved stack fading, or all of them coming back) changes the
 * title, the fading and the dog-ear, and never makes the browser parse the counters again.
 */
const Stack = memo(
  function Stack({ stack, layout }: { readonly stack: StackCounter; readonly layout: Layout }) {
    return (
      <g
        transform={stack.transform}
        data-hex={stack.hex}
        data-side={stack.side}
        {...(stack.spent ? { className: "spent", "data-spent": "true", opacity: SPENT_OPACITY } : {})}
      >
        <title>{stack.spent ? `${stack.title} (spent this phase)` : stack.title}</title>
        <Face markup={stack.face} />
        {stack.spent && <Face markup={spentMark(layout)} />}
      </g>
    );
  },
  (a, b) =>
    a.layout === b.layout &&
    a.stack.face === b.stack.face &&
    a.stack.title === b.stack.title &&
    a.stack.transform === b.stack.transform &&
    a.stack.side === b.stack.side &&
    a.stack.spent === b.stack.spent,
);

const Face = memo(function Face({ markup }: { readonly markup: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from engine data, escaped (svg-markup.tsx)
  return <g dangerouslySetInnerHTML={{ __html: markup }} />;
});

const Marks = memo(function Marks({
  transform,
  marks,
}: {
  readonly transform: string;
  readonly marks: string;
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from engine data, escaped (svg-markup.tsx)
  return <g transform={transform} dangerouslySetInnerHTML={{ __html: marks }} />;
});
