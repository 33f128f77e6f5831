/**
 * Bundled for the browser by determinism.test.ts: replays a chapter-11 save
 * and measures the geometry kernel's rule-path functions, so that Chromium's
 * answers can be compared with Node's, bit for bit.
 */
import { fnv1a64, parseSave, publicHash, replaySave, valueHasher } from "@tercio/core";
import { baseCorners, direction, scaledDirection } from "@tercio/geometry";
import { horseAndMusket } from "@tercio/horse-and-musket-ch11";

/** Every direction at a prime step through the turn, and base corners at those facings: their bits, hashed. */
export function geometryFingerprint(): string {
  let text = "";
  for (let cdeg = 0; cdeg < 36000; cdeg += 7) {
    const d = direction(cdeg);
    const v = scaledDirection(cdeg, 1 << 20);
    const c = baseCorners({ x: 123_457, y: -98_765, facing: cdeg }, { frontage: 36_576, depth: 12_192 });
    text += `${d.x},${d.y};${v.x},${v.y};${c.fl.x},${c.fl.y},${c.rr.x},${c.rr.y}|`;
  }
  return fnv1a64(text);
}

/**
 * A save replayed: its final hash, and the structural digest of its final
 * public position (what an online game of hash format 3 compares), or why not.
 */
export function replayHash(saveJson: unknown): string {
  const save = parseSave(saveJson);
  if (!save.ok) return `bad save: ${save.error.message}`;
  const replayed = replaySave(horseAndMusket, save.value);
  if (!replayed.ok) return `refused: ${replayed.error.message}`;
  const structural = publicHash(horseAndMusket, replayed.value.final, valueHasher("structural"));
  return `${replayed.value.hash} ${structural}`;
}
