import { type Position, type Scenario, type Side, toAct } from "@tercio/musket-and-pike";
import type { GameInfo, Role } from "@tercio/protocol";
import { playerName } from "@tercio/render";
import type { ConnectionStatus, Presence } from "./connection.js";

/** The online screen's words: the connection, whose turn it is, who is there. Pure, for the banner and its tests. */

export function statusText(status: ConnectionStatus, inSync: boolean, now: number): string {
  switch (status.kind) {
    case "connecting":
      return "Connecting…";
    case "online":
      return inSync ? "Online" : "Online, catching up…";
    case "reconnecting": {
      const s = Math.max(0, Math.ceil((status.retryAt - now) / 1000));
      return `Reconnecting (attempt ${status.attempt})…${s > 0 ? ` next try in ${s} s` : ""}`;
    }
    case "closed":
      return `Offline: ${status.reason}`;
  }
}

export function roleText(scenario: Scenario, role: Role): string {
  if (role === "spectator") return "You are watching";
  return `You play the ${role === "first" ? "First" : "Second"} Player (${playerName(scenario, role)})`;
}

/** The side to act: from the replica's position once there is one, else from the lobby. */
export function sideToAct(position: Position | undefined, info: GameInfo | undefined): Side | undefined {
  if (position) return toAct(position) ?? undefined;
  return info?.status === "over" ? undefined : (info?.turn ?? undefined);
}

export function turnText(
  scenario: Scenario,
  role: Role,
  side: Side | undefined,
  seats: GameInfo["seats"] | undefined,
): string {
  if (side === undefined) return "Game over";
  if (side === role) return "Your turn";
  const seat = seats?.[side];
  return `Waiting for the ${playerName(scenario, side)}${seat?.kind === "ai" ? ` (AI, ${seat.level})` : ""}`;
}

/** Who is connected: the opponent for a player, both seats for a spectator; and how many watch. */
export function presenceText(
  scenario: Scenario,
  role: Role,
  seats: GameInfo["seats"] | undefined,
  presence: Presence | undefined,
): string {
  const seatText = (side: Side) => {
    const seat = seats?.[side];
    if (seat?.kind === "ai") return `AI (${seat.level})`;
    const here = presence ? presence[side] : seat?.connected === true;
    return here ? "connected" : "not connected";
  };
  const watching = presence && presence.spectators > 0 ? ` · ${presence.spectators} watching` : "";
  if (role === "spectator")
    return `${playerName(scenario, "first")}: ${seatText("first")} · ${playerName(scenario, "second")}: ${seatText("second")}${watching}`;
  const other: Side = role === "first" ? "second" : "first";
  return `Opponent (${playerName(scenario, other)}): ${seatText(other)}${watching}`;
}
