import type { GameContext, Position } from "@tercio/musket-and-pike";
import { type Layout, type StackCounter, stackCounter, stackSpent } from "@tercio/render";

/**
 * Each stack's counter markup, kept between positions: a step of play (an
 * AI's move arriving) changes one or two stacks of a battle's hundred, and
 * building every counter's markup again for it was the largest part of the
 * board's work per action on Lutzen (issue 17, defect 15). A stack is drawn
 * again only when what its counter shows changes: its units, in order, and
 * their records (side, type, markers), its square marker, whether it is spent.
 */
export interface StackCache {
  layout: Layout | undefined;
  ctx: GameContext | undefined;
  readonly byHex: Map<string, Drawn>;
}

interface Drawn {
  readonly ids: readonly string[];
  readonly units: readonly object[];
  readonly square: boolean;
  readonly spent: boolean;
  readonly counter: StackCounter;
}

export function newStackCache(): StackCache {
  return { layout: undefined, ctx: undefined, byHex: new Map() };
}

/** `stackCounters` of the renderer, reusing (the same object) every stack drawn before whose counter is unchanged. */
export function cachedStackCounters(
  cache: StackCache,
  layout: Layout,
  ctx: GameContext,
  position: Position,
  spent: ReadonlySet<string> = new Set(),
): StackCounter[] {
  if (cache.layout !== layout || cache.ctx !== ctx) {
    cache.byHex.clear();
    cache.layout = layout;
    cache.ctx = ctx;
  }
  const out: StackCounter[] = [];
  const seen = new Set<string>();
  for (const [hex, ids] of Object.entries(position.stacks)) {
    seen.add(hex);
    const units = ids.map((id) => position.units[id] ?? {});
    const square = position.squares.includes(hex);
    const isSpent = spent.size > 0 && ids.every((id) => spent.has(id));
    const known = cache.byHex.get(hex);
    if (known && known.square === square && sameUnits(known, ids, units)) {
      // A change of phase only fades the stack or brings it back: its face is kept.
      const counter = known.spent === isSpent ? known.counter : stackSpent(layout, known.counter, isSpent);
      if (counter !== known.counter) cache.byHex.set(hex, { ...known, spent: isSpent, counter });
      out.push(counter);
      continue;
    }
    const counter = stackCounter(layout, ctx, position, hex, ids, spent);
    if (!counter) {
      cache.byHex.delete(hex);
      continue;
    }
    cache.byHex.set(hex, { ids, units, square, spent: isSpent, counter });
    out.push(counter);
  }
  for (const hex of cache.byHex.keys()) if (!seen.has(hex)) cache.byHex.delete(hex);
  return out;
}

function sameUnits(known: Drawn, ids: readonly string[], units: readonly object[]): boolean {
  if (known.ids.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i++)
    if (known.ids[i] !== ids[i] || !shallowEqual(known.units[i], units[i])) return false;
  return true;
}

/** A unit's record holds only primitives (state/position.ts): equal fields, equal counter. */
function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => ra[k] === rb[k]);
}
