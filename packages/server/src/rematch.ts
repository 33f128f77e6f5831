import type { Role } from "@tercio/protocol";
import type { GameRoom, Refusal } from "./game-room.js";
import type { ServerState } from "./server-state.js";
import { newGameId, newPrngState } from "./tokens.js";

const HOUR = 3_600_000;

/**
 * A finished game's rematch, made by the server: a fresh id and a fresh
 * secret opening state for its dice (see GameRoom.rematch), counted against
 * the first game's creator like any game it creates, so that resigning and
 * rematching again and again cannot make games past the hourly cap.
 */
export function rematchOf(
  state: Pick<ServerState, "store" | "rooms" | "limits" | "now" | "creations">,
  room: GameRoom,
  role: Role,
): Promise<Refusal | undefined> {
  return room.rematch(
    role,
    () => ({ id: newGameId(), openingPrng: newPrngState() }),
    // Counted with the creator's other creations, one at a time (ServerState.creations).
    (record) =>
      state.creations.run(record.creator, async () => {
        const recent = await state.store.gamesCreatedSince(record.creator, state.now() - HOUR);
        if (recent >= state.limits.gamesPerHour)
          return {
            code: "rate-limited",
            message: `the game's creator has made ${recent} games in the last hour; the limit is ${state.limits.gamesPerHour}: try the rematch later`,
          };
        return state.rooms.create(record);
      }),
  );
}
