import type { GameOutcome, Seat } from "@tercio/core";

/** The end screen's headline: who won and how ("Bohemians win — marginal victory", "A draw"). */
export function headlineOf(result: GameOutcome | null, seatName: (seat: Seat) => string): string {
  if (!result) return "Game over";
  if (result.winner === "draw") return "A draw";
  return `${seatName(result.winner)} win${result.level ? ` — ${result.level} victory` : ""}`;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "" && w !== "a" && w !== "an" && w !== "the");

/**
 * The result's reason as the sentence under the headline: a system's reason
 * ending in the verdict ("… at the end of Game-Turn 10: Bohemians win")
 * loses that verdict when the headline already says it, so the screen
 * does not say it twice; the rest reads as a sentence.
 */
export function reasonUnder(headline: string, reason: string): string {
  const at = reason.lastIndexOf(": ");
  const said = new Set(words(headline));
  const verdict = at < 0 ? [] : words(reason.slice(at + 2));
  const repeats = verdict.length > 0 && verdict.every((w) => said.has(w));
  const rest = (repeats ? reason.slice(0, at) : reason).trim();
  if (rest === "") return "";
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}${/[.!?]$/.test(rest) ? "" : "."}`;
}
