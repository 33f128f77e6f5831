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

/**
 * An object's keys in sorted order, remembered per key list: a position has
 * a few shapes (a unit, a stack, the maps of units and hexes) repeated many
 * times, and comparing a key list with a remembered one (interned strings,
 * compared by reference) costs less than sorting it again. Keyed by the
 * first key, a few shapes each, a bounded number in all.
 */
const shapes = new Map<string, { readonly keys: readonly string[]; readonly sorted: readonly string[] }[]>();

function sortedKeys(record: Record<string, unknown>): readonly string[] {
  const keys = Object.keys(record);
  const n = keys.length;
  if (n < 2) return keys;
  const first = keys[0] as string;
  const bucket = shapes.get(first);
  if (bucket) for (const shape of bucket) if (sameKeys(shape.keys, keys)) return shape.sorted;
  const sorted = [...keys].sort();
  if (bucket) {
    if (bucket.length < 8) bucket.push({ keys, sorted });
  } else if (shapes.size < 10_000) shapes.set(first, [{ keys, sorted }]);
  return sorted;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  // Index 0 is the bucket's key: every shape in a bucket shares it.
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Canonical texts of objects already written, for a caller whose values are
 * never changed once made (a game's positions: each action makes a new one,
 * sharing the parts it did not touch). Hashing the next position then writes
 * only what changed. A WeakMap: the texts go with their objects.
 */
export type CanonicalMemo = WeakMap<object, string>;

export function canonicalJson(value: unknown, memo?: CanonicalMemo): string {
  // The value itself is not remembered, only its parts: a hashed position is
  // usually a fresh object (a public view, a copy without empty lists), and
  // its whole text is the largest string of all.
  return canonicalText(value, memo);
}

function partText(value: unknown, memo: CanonicalMemo | undefined): string {
  if (memo === undefined || value === null || typeof value !== "object")
    return canonicalText(value, undefined);
  const known = memo.get(value);
  if (known !== undefined) return known;
  const text = canonicalText(value, memo);
  // Read once to flatten: a text built by += is a tree of its pieces, and a
  // remembered tree holds every piece of every level (over 100 kB a Lutzen
  // position); flat, it holds one copy of the characters.
  text.charCodeAt(0);
  memo.set(value, text);
  return text;
}

function canonicalText(value: unknown, memo: CanonicalMemo | undefined): string {
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
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + partText(value[i], memo);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  let out = "{";
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += `${first ? "" : ","}${quoted(k)}:${partText(v, memo)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * FNV-1a, 64 bits, over the UTF-16 code units of a string; 16 hex digits.
 * The state is four 16-bit limbs (v0 lowest), so that every product and
 * carry stays a small integer: the FNV prime is 2^40 + 0x1b3, which is 0x1b3
 * in limb 0 and 0x100 in limb 2. Written by hand because every online action
 * hashes a position of some 18,000 characters (see the README's design).
 */
export function fnv1a64(text: string): string {
  // The offset basis 0xcbf29ce484222325, limb by limb.
  let v0 = 0x2325;
  let v1 = 0x8422;
  let v2 = 0x9ce4;
  let v3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    // A code unit is at most 16 bits: the XOR touches limb 0 only.
    v0 ^= text.charCodeAt(i);
    const t0 = v0 * 0x1b3;
    const t1 = v1 * 0x1b3 + (t0 >>> 16);
    const t2 = v2 * 0x1b3 + v0 * 0x100 + (t1 >>> 16);
    v3 = (v3 * 0x1b3 + v1 * 0x100 + (t2 >>> 16)) & 0xffff;
    v0 = t0 & 0xffff;
    v1 = t1 & 0xffff;
    v2 = t2 & 0xffff;
  }
  return hex4(v3) + hex4(v2) + hex4(v1) + hex4(v0);
}

function hex4(limb: number): string {
  return limb.toString(16).padStart(4, "0");
}
