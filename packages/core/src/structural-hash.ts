/**
 * A structural digest of plain JSON data: 64 bits, 16 hex digits, built from
 * its parts' digests instead of from its whole canonical text. An object's
 * digest is the sum of its entries' (key, value) digests, so its keys need no
 * sorting, and a part already digested is not read again: with a memo, a
 * position that shares all but a few records with the one before costs the
 * records that changed and the maps that hold them, not the 18,000
 * characters of its canonical JSON. The online server digests a position
 * after every action (hash format 3, position-hashes.ts), and so does every
 * client that checks it.
 *
 * It reads values as canonical JSON does: two values with the same canonical
 * JSON have the same digest (key order ignored, undefined fields dropped, -0
 * as 0), and the same errors (an undefined array element, a number that is
 * not finite). Integer arithmetic only (Math.imul, shifts, sums below 2^53),
 * so Node and every browser give the same digits. It detects accidents
 * (desynchronised replicas, a log that replays elsewhere), not attacks: the
 * mixing follows the idea of cyrb53 (two 32-bit lanes multiplied by large
 * odd constants, then an avalanche that crosses the lanes), written for this
 * use. Hand-written because it must be exact and is on every action's path.
 */

/** Digests of objects already digested, for values never changed once made (a game's positions). */
export type StructuralMemo = WeakMap<object, Digest>;

interface Digest {
  readonly hi: number;
  readonly lo: number;
}

// The last digest computed: two 32-bit lanes, kept in module scratch so
// that digesting a leaf allocates nothing.
let hi = 0;
let lo = 0;

const P1 = 2654435761;
const P2 = 1597334677;
const A1 = 2246822507;
const A2 = 3266489909;

/** The avalanche that ends every digest: each output lane is mixed from both input lanes (and it is one-to-one). */
function avalanche(h1: number, h2: number): void {
  let a = Math.imul(h1 ^ (h1 >>> 16), A1);
  a ^= Math.imul(h2 ^ (h2 >>> 13), A2);
  let b = Math.imul(h2 ^ (h2 >>> 16), A1);
  b ^= Math.imul(a ^ (a >>> 13), A2);
  hi = a >>> 0;
  lo = b >>> 0;
}

// Each kind of value starts from its own lanes, so that values of different
// kinds (the string "1" and the number 1, a list and a record) start apart.
const STRING = [0x9e3779b9, 0x7f4a7c15] as const;
const NUMBER = [0x85ebca6b, 0xc2b2ae35] as const;
const INTEGER = [0x27d4eb2f, 0x165667b1] as const;
const ARRAY = [0xd6e8feb8, 0x6659fd93] as const;
const ENTRY = [0x94d049bb, 0x133111eb] as const;
const OBJECT = [0xbf58476d, 0x1ce4e5b9] as const;
const TRUE = [0x61c88647, 0x3c6ef372] as const;
const FALSE = [0xa54ff53a, 0x510e527f] as const;
const NULL = [0x9b05688c, 0x1f83d9ab] as const;

function text(start: readonly [number, number], t: string): void {
  let h1 = start[0];
  let h2 = start[1] ^ t.length;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, P1);
    h2 = Math.imul(h2 ^ c, P2);
  }
  avalanche(h1, h2);
}

/**
 * Strings' digests, remembered: keys (field names, unit ids, hex numbers)
 * and short values repeat in every position. Bounded like canonical JSON's
 * quoted keys: a few thousand in practice.
 */
const strings = new Map<string, Digest>();

function string(s: string): void {
  const known = strings.get(s);
  if (known !== undefined) {
    hi = known.hi;
    lo = known.lo;
    return;
  }
  text(STRING, s);
  if (strings.size < 100_000 && s.length <= 64) strings.set(s, { hi, lo });
}

function number(n: number): void {
  if (!Number.isFinite(n)) throw new Error("structuralHash: non-finite number");
  // A 32-bit integer is its own text's stand-in (String is one-to-one on
  // them, and -0 | 0 is 0, as String(-0) is "0"); any other number is read
  // as canonical JSON writes it.
  if ((n | 0) === n) avalanche(INTEGER[0] ^ n, Math.imul(INTEGER[1] ^ n, P2));
  else text(NUMBER, String(n));
}

function digest(value: unknown, memo: StructuralMemo | undefined): void {
  switch (typeof value) {
    case "string":
      string(value);
      return;
    case "number":
      number(value);
      return;
    case "boolean":
      hi = value ? TRUE[0] : FALSE[0];
      lo = value ? TRUE[1] : FALSE[1];
      return;
    case "object":
      break;
    default:
      throw new Error(`structuralHash: ${typeof value} is not JSON`);
  }
  if (value === null) {
    hi = NULL[0];
    lo = NULL[1];
    return;
  }
  const known = memo?.get(value);
  if (known !== undefined) {
    hi = known.hi;
    lo = known.lo;
    return;
  }
  if (Array.isArray(value)) array(value, memo);
  else record(value as Record<string, unknown>, memo);
  memo?.set(value, { hi, lo });
}

/** In order: each element is absorbed into both lanes, then the avalanche. */
function array(values: readonly unknown[], memo: StructuralMemo | undefined): void {
  let h1: number = ARRAY[0] ^ values.length;
  let h2: number = ARRAY[1];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) throw new Error("structuralHash: undefined is not JSON");
    digest(v, memo);
    h1 = Math.imul(h1 ^ hi, P1);
    h2 = Math.imul(h2 ^ lo ^ h1, P2);
  }
  avalanche(h1, h2);
}

/**
 * In no order: the sum, modulo 2^64, of each entry's digest (its key's and
 * its value's, mixed). Fields that are undefined are left out, as canonical
 * JSON leaves them out.
 */
function record(fields: Record<string, unknown>, memo: StructuralMemo | undefined): void {
  let sumHi = 0;
  let sumLo = 0;
  let count = 0;
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    if (v === undefined) continue;
    count++;
    digest(v, memo);
    const vHi = hi;
    const vLo = lo;
    string(key);
    const h1 = Math.imul(Math.imul(ENTRY[0] ^ hi, P1) ^ vHi, P1);
    const h2 = Math.imul(Math.imul(ENTRY[1] ^ lo, P2) ^ vLo, P2);
    avalanche(h1, h2 ^ h1);
    // Both lanes are below 2^32, so each sum is exact before it is cut back.
    const low = sumLo + lo;
    sumLo = low >>> 0;
    sumHi = (sumHi + hi + (low > 0xffffffff ? 1 : 0)) >>> 0;
  }
  const h1 = Math.imul(OBJECT[0] ^ count ^ sumHi, P1);
  avalanche(h1, Math.imul(OBJECT[1] ^ sumLo, P2) ^ h1);
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/**
 * The structural digest of a value. `memo` for values never changed once
 * made: a part digested before is not read again.
 */
export function structuralHash(value: unknown, memo?: StructuralMemo): string {
  digest(value, memo);
  return hex8(hi) + hex8(lo);
}
