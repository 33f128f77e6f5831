import type { GameContext } from "@tercio/musket-and-pike";

/**
 * Hex steps from every hex to the nearest of `sources` (a breadth-first
 * search over the grid's neighbour table); -1 everywhere when there is no
 * source. Shared by the greedy and the strong players.
 */
export function distanceField(ctx: GameContext, sources: readonly number[]): Int32Array {
  const grid = ctx.map.grid;
  const field = new Int32Array(grid.size).fill(-1);
  const queue: number[] = [];
  for (const s of sources) {
    if (s >= 0 && field[s] === -1) {
      field[s] = 0;
      queue.push(s);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i] as number;
    const d = (field[h] as number) + 1;
    for (let dir = 0; dir < 6; dir++) {
      const n = grid.neighbours[h * 6 + dir] as number;
      if (n >= 0 && field[n] === -1) {
        field[n] = d;
        queue.push(n);
      }
    }
  }
  return field;
}
