import { type HexGrid, idOf, indexOfId, parseHexId } from "@tercio/musket-and-pike";

const STEPS = new Map<string, readonly [number, number]>([
  ["ArrowUp", [0, -1]],
  ["ArrowDown", [0, 1]],
  ["ArrowLeft", [-1, 0]],
  ["ArrowRight", [1, 0]],
]);

/**
 * The hex the arrow keys move the cursor to: up and down along the column,
 * left and right to the neighbouring column's hex of the same number (always
 * adjacent with flat-topped columns). The cursor stops at the map's edge.
 * Undefined when the key is not a cursor key.
 */
export function neighbourByKey(grid: HexGrid, hex: string, key: string): string | undefined {
  const o = parseHexId(hex);
  if (!o) return undefined;
  const d = STEPS.get(key);
  if (!d) return undefined;
  const [dc, dr] = d;
  const id = `${String(o.col + dc).padStart(2, "0")}${String(o.row + dr).padStart(2, "0")}`;
  const h = indexOfId(grid, id);
  return h >= 0 ? idOf(grid, h) : hex;
}
