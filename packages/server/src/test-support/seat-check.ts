import type { ScriptedSeat } from "./scripted-seat.js";
import type { CheckedGame } from "./store-check.js";

/**
 * What a scripted seat saw against what its game's store holds, once the
 * servers have stopped: every acknowledged action stored at its sequence
 * number with its id, no refused resubmission stored, every event shown
 * with its stored hash, nothing left unanswered, the replica equal to the
 * stored game, and no catching up by snapshot. Empty when all holds.
 */
export function seatProblems(seat: ScriptedSeat, c: CheckedGame): string[] {
  const problems: string[] = [];
  const at = `game ${c.game.id} ${seat.side}`;
  problems.push(...seat.problems.map((p) => `${at}: ${p}`));
  for (const a of seat.acks) {
    const entry = c.log[a.seq - 1];
    if (entry?.actionId !== a.id || entry.side !== a.side)
      problems.push(`${at}: acknowledged action ${a.id} at ${a.seq} is lost (stored: ${entry?.actionId})`);
  }
  for (const id of seat.dropped)
    if (c.log.some((e) => e.actionId === id)) problems.push(`${at}: ${id} was refused, yet stored`);
  for (const [seq, hash] of seat.seen)
    if (seq > 0 && c.log[seq - 1]?.publicHash !== hash)
      problems.push(`${at}: was shown event ${seq} with hash ${hash}, stored ${c.log[seq - 1]?.publicHash}`);
  if (seat.pending) problems.push(`${at}: action ${seat.pending.id} still unanswered`);
  const replica = seat.client.viewHash();
  if (seat.client.seq !== c.log.length || !replica || replica !== c.finalPublicHash)
    problems.push(`${at}: replica at event ${seat.client.seq}, the store at ${c.log.length}, hashes differ`);
  if (seat.client.mismatches > 0) problems.push(`${at}: ${seat.client.mismatches} hash mismatches`);
  const resent = seat.client.snapshotReasons.filter((r) => r !== "join");
  if (resent.length > 0) problems.push(`${at}: snapshots instead of catching up: ${resent.join(", ")}`);
  return problems;
}
