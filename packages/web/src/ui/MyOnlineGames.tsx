import { useEffect, useState } from "react";
import { fetchLobby, type Lobby } from "../online/api.js";
import { formatOnlineHash, type OnlineLink } from "../online/links.js";
import { forgetGame, knownGames } from "../online/my-games.js";
import { endingText, roleText, turnText } from "../online/words.js";

type Row = { readonly link: OnlineLink } & (
  | { readonly kind: "loading" }
  | { readonly kind: "ok"; readonly lobby: Lobby }
  | { readonly kind: "error"; readonly message: string }
);

/**
 * The online games opened in this browser, each with whose turn it is (read
 * from the server's lobby), to open again or forget: a game played one turn
 * a day is found here without its link.
 */
export function MyOnlineGames() {
  const [rows, setRows] = useState<Row[]>(() =>
    knownGames(localStorage).map((link) => ({ link, kind: "loading" as const })),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lobbies are read once, when the chooser opens
  useEffect(() => {
    let live = true;
    for (const { link } of rows)
      fetchLobby(link.game, link.token).then(
        (lobby) =>
          live && setRows((rs) => rs.map((r) => (r.link === link ? { link, kind: "ok", lobby } : r))),
        (e: unknown) =>
          live &&
          setRows((rs) =>
            rs.map((r) =>
              r.link === link
                ? { link, kind: "error", message: e instanceof Error ? e.message : String(e) }
                : r,
            ),
          ),
      );
    return () => {
      live = false;
    };
  }, []);
  if (rows.length === 0) return null;
  const forget = (link: OnlineLink) => {
    forgetGame(localStorage, link);
    setRows((rs) => rs.filter((r) => r.link !== link));
  };
  return (
    <section className="my-online-games" data-testid="my-online-games" aria-label="Your online games">
      <h2>Your online games</h2>
      <ul>
        {rows.map((r) => {
          const status =
            r.kind === "loading"
              ? "…"
              : r.kind === "error"
                ? `Not available: ${r.message}`
                : `${roleText(r.lobby.seatNames, r.lobby.role)} · ${r.lobby.ending ? endingText(r.lobby.seatNames, r.lobby.ending) : turnText(r.lobby.seatNames, r.lobby.role, r.lobby.status === "over" ? undefined : (r.lobby.turn ?? undefined), r.lobby.seats)} · ${r.lobby.progress.text}`;
          return (
            <li
              key={`${r.link.game}/${r.link.token}`}
              className="my-online-game"
              data-testid="my-online-game"
            >
              <strong>{r.kind === "ok" ? r.lobby.scenarioName : r.link.game}</strong>{" "}
              {r.kind === "ok" && <span className="hint">({r.lobby.systemTitle})</span>}{" "}
              <span className={status.includes("Your turn") ? "turn-indicator mine" : ""}>{status}</span>{" "}
              <button
                type="button"
                onClick={() => {
                  location.hash = formatOnlineHash(r.link);
                }}
                data-testid="my-online-game-open"
              >
                Open
              </button>{" "}
              <button type="button" onClick={() => forget(r.link)} data-testid="my-online-game-forget">
                Forget
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
