import type { AnySystem, Seat } from "@tercio/core";
import type { Ending, GameInfo, Role } from "@tercio/protocol";
import type { ConnectionStatus, Presence } from "./connection.js";
import { countdownSeconds } from "./countdown.js";

/**
 * The online screen's words: the connection, whose turn it is, who is
 * there. Pure, for the banner, the lobby, the list of games and their
 * tests; the seats' names come from the server's GameInfo, so they read the
 * same for every rule system.
 */

/** The seats' names in the game's scenario ("Royalist", "Parliament"), from its GameInfo. */
export type SeatNames = GameInfo["seatNames"];

/** The connection in words, the countdown apart (`countdownText`): a screen reader is told each change of this. */
export function connectionText(status: ConnectionStatus, inSync: boolean): string {
  switch (status.kind) {
    case "connecting":
      return "Connecting…";
    case "online":
      return inSync ? "Online" : "Online, catching up…";
    case "reconnecting":
      return `Reconnecting (attempt ${status.attempt})…`;
    case "closed":
      return `Offline: ${status.reason}`;
  }
}

/** " next try in 4 s" while waiting to reconnect (countdown.ts), else "". */
export function countdownText(status: ConnectionStatus, now: number): string {
  if (status.kind !== "reconnecting") return "";
  const s = countdownSeconds(status.retryAt, now);
  return s > 0 ? ` next try in ${s} s` : "";
}

export function statusText(status: ConnectionStatus, inSync: boolean, now: number): string {
  return `${connectionText(status, inSync)}${countdownText(status, now)}`;
}

export function roleText(names: SeatNames, role: Role): string {
  if (role === "spectator") return "You are watching";
  return `You play the ${role === "first" ? "First" : "Second"} Player (${names[role]})`;
}

/** The seat to act: from the replica's position (through its system) once there is one, else from the lobby. */
export function sideToAct(
  game: { readonly system: AnySystem; readonly position: unknown } | undefined,
  info: GameInfo | undefined,
): Seat | undefined {
  if (game) return game.system.toAct(game.position) ?? undefined;
  return info?.status === "over" ? undefined : (info?.turn ?? undefined);
}

export function turnText(
  names: SeatNames,
  role: Role,
  side: Seat | undefined,
  seats: GameInfo["seats"] | undefined,
): string {
  if (side === undefined) return "Game over";
  if (side === role) return "Your turn";
  const seat = seats?.[side];
  return `Waiting for the ${names[side]}${seat?.kind === "ai" ? ` (AI, ${seat.level})` : ""}`;
}

/** A seat as the lobby shows it: an AI level, or whether its holder is connected. */
export function seatText(seat: GameInfo["seats"]["first"] | undefined, here?: boolean): string {
  if (seat?.kind === "ai") return `AI (${seat.level})`;
  return (here ?? seat?.connected === true) ? "connected" : "not connected";
}

/** Who is connected: the opponent for a player, both seats for a spectator; and how many watch. */
export function presenceText(
  names: SeatNames,
  role: Role,
  seats: GameInfo["seats"] | undefined,
  presence: Presence | undefined,
): string {
  const text = (side: Seat) => seatText(seats?.[side], presence?.[side]);
  const watching = presence && presence.spectators > 0 ? ` · ${presence.spectators} watching` : "";
  if (role === "spectator")
    return `${names.first}: ${text("first")} · ${names.second}: ${text("second")}${watching}`;
  const other: Seat = role === "first" ? "second" : "first";
  return `Opponent (${names[other]}): ${text(other)}${watching}`;
}

/** How a game ended by its players' word, in one line: "Swedish resigned: Imperialists win", "Drawn by agreement". */
export function endingText(names: SeatNames, ending: Ending): string {
  const { headline, reason } = endingWords(names, ending);
  return ending.kind === "resigned" ? `${reason}: ${headline}` : headline;
}

/** The end screen's headline and reason for a game its players ended. */
export function endingWords(names: SeatNames, ending: Ending): { headline: string; reason: string } {
  if (ending.kind === "draw-agreed")
    return { headline: "Drawn by agreement", reason: "Both sides agreed to a draw." };
  const winner: Seat = ending.side === "first" ? "second" : "first";
  return { headline: `${names[winner]} win`, reason: `${names[ending.side]} resigned` };
}

/** The other side's standing draw offer, or this seat's own, in words; undefined when none stands. */
export function drawOfferText(
  names: SeatNames,
  role: Role,
  offer: Seat | null | undefined,
): string | undefined {
  if (!offer) return undefined;
  if (offer === role) return "You offered a draw: waiting for an answer.";
  return `The ${names[offer]} offer a draw.`;
}
