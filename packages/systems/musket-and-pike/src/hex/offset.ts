import type { Axial } from "./axial.js";

/**
 * SPI map numbering: a four-digit hex id "CCRR", column then row, both from 01.
 * Columns run north-south; the map's even-numbered columns sit half a hex
 * lower than the odd-numbered ones (odd-q offset in zero-based terms).
 */
export type HexId = string;

export interface Offset {
  /** Column, from 1 (west edge). */
  readonly col: number;
  /** Row, from 1 (north edge). */
  readonly row: number;
}

const HEX_ID = /^(\d{2})(\d{2})$/;

export function parseHexId(id: string): Offset | undefined {
  const m = HEX_ID.exec(id);
  if (!m) return undefined;
  const col = Number(m[1]);
  const row = Number(m[2]);
  if (col < 1 || row < 1) return undefined;
  return { col, row };
}

export function formatHexId(o: Offset): HexId {
  return `${String(o.col).padStart(2, "0")}${String(o.row).padStart(2, "0")}`;
}

export function offsetToAxial(o: Offset): Axial {
  const x = o.col - 1;
  const y = o.row - 1;
  return { q: x, r: y - (x - (x & 1)) / 2 };
}

export function axialToOffset(a: Axial): Offset {
  const x = a.q;
  const y = a.r + (a.q - (a.q & 1)) / 2;
  return { col: x + 1, row: y + 1 };
}
