/**
 * Canonical JSON (object keys sorted, no whitespace) and a 64-bit FNV-1a hash
 * of it. Positions, rules data and saved games are compared by this hash, so
 * it must not depend on key order or on the platform.
 */
const quotedKeys = new Map<string, string>();

function quoted(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    // Keys are field names, unit ids and hex numbers: a few thousand at most.
    if (quotedKeys.size < 100_000) quotedKeys.set(key, q);
  }
  return q;
}

export function canonicalJson(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value))
      throw new Error("canonicalJson: non-finite number");
    if (value === undefined) throw new Error("canonicalJson: undefined is not JSON");
    return JSON.stringify(value);
  }
  // Plain loops and one string built up: positions are hashed after every
  // online action, and this is several times faster than entries/sort/map.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = "{";
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += `${first ? "" : ","}${quoted(k)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/** FNV-1a, 64 bits, over the UTF-16 code units of a string; 16 hex digits. */
export function fnv1a64(text: string): string {
  // Two 32-bit halves: FNV prime 2^40 + 0x1b3, offset basis 0xcbf29ce484222325.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    // (hi:lo) * (0x100:0x000001b3), keeping the low 64 bits.
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    const newLo = loMul >>> 0;
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = newLo;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

export function hashOf(value: unknown): string {
  return fnv1a64(canonicalJson(value));
}
