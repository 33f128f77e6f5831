import { type GameContext, indexOfId, type Position } from "@tercio/musket-and-pike";
import { centre, type Layout } from "./layout.js";
import { el, num } from "./svg.js";

const FIRE = "#b3261e";
const MELEE = "#5a1a12";

/** Arrowheads for the attack arrows. */
export function attackDefs(layout: Layout): string {
  const s = layout.size * 0.28;
  const head = (id: string, fill: string) =>
    el(
      "marker",
      {
        id,
        viewBox: "0 0 10 10",
        refX: 9,
        refY: 5,
        markerWidth: num(s),
        markerHeight: num(s),
        markerUnits: "userSpaceOnUse",
        orient: "auto",
      },
      el("path", { d: "M0,0 L10,5 L0,10 z", fill }),
    );
  return head("fire-head", FIRE) + head("melee-head", MELEE);
}

/**
 * The attacks allocated in a combat phase (6.0, 7.0): an arrow from each
 * attacking hex to each attacked hex, dashed for fire, solid for melee;
 * resolved attacks are drawn faint.
 */
export function attackLayer(layout: Layout, ctx: GameContext, position: Position): string {
  const grid = ctx.map.grid;
  const hexOf = new Map<string, string>();
  for (const [hex, ids] of Object.entries(position.stacks)) for (const id of ids) hexOf.set(id, hex);
  const arrows: string[] = [];
  for (const attack of position.attacks) {
    const from = new Set(attack.attackers.map((id) => hexOf.get(id)).filter((h) => h !== undefined));
    for (const a of from) {
      for (const t of attack.targets) {
        const p = centre(layout, grid, indexOfId(grid, a));
        const q = centre(layout, grid, indexOfId(grid, t));
        const dx = q.x - p.x;
        const dy = q.y - p.y;
        const len = Math.hypot(dx, dy) || 1;
        // Start clear of the attacker's counter and stop at the target's edge.
        const start = Math.min(layout.size * 0.55, len / 3);
        const stop = Math.min(layout.size * 0.6, len / 3);
        const fire = attack.kind === "fire";
        arrows.push(
          el("line", {
            x1: num(p.x + (dx * start) / len),
            y1: num(p.y + (dy * start) / len),
            x2: num(q.x - (dx * stop) / len),
            y2: num(q.y - (dy * stop) / len),
            stroke: fire ? FIRE : MELEE,
            "stroke-width": num(layout.size * 0.09),
            "stroke-dasharray": fire ? `${num(layout.size * 0.25)} ${num(layout.size * 0.12)}` : undefined,
            "stroke-opacity": attack.resolved ? 0.35 : 0.9,
            "marker-end": `url(#${fire ? "fire" : "melee"}-head)`,
          }),
        );
      }
    }
  }
  return arrows.length > 0 ? el("g", { id: "attacks" }, arrows.join("")) : "";
}
