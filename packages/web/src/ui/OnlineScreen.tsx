import {
  type Catalog,
  musketAndPike,
  positionHash,
  publicHash,
  type SavedGame,
} from "@tercio/musket-and-pike";

import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError, fetchLobby, fetchSave, type Lobby, setWebhook } from "../online/api.js";
import type { OnlineState } from "../online/connection.js";
import type { OnlineLink } from "../online/links.js";
import { rememberGame } from "../online/my-games.js";
import { controllerOf, replicaGame } from "../online/replica-game.js";
import { useOnlineGame } from "../online/use-online-game.js";
import { useTurnAlerts } from "../online/use-turn-alerts.js";
import { roleText, sideToAct, statusText, turnText } from "../online/words.js";
import { GameShell } from "../shell/GameShell.js";
import { ReplayViewer } from "../shell/ReplayViewer.js";
import type { AnyView } from "../shell/system-view.js";
import { download } from "../storage.js";
import { type MpGame as Game, restoreMpGame as restoreGame } from "../systems/musket-and-pike/game.js";
import { mpView } from "../systems/musket-and-pike/view.js";
import { OnlineBanner } from "./OnlineBanner.js";

/** An online game moves only by the server's events: the game screen's local changes go nowhere. */
const ignoreLocalMoves = () => {};

type LobbyState =
  | { readonly kind: "loading" }
  | { readonly kind: "ok"; readonly lobby: Lobby }
  | { readonly kind: "error"; readonly message: string };

/** The finished game, replayed from the server's revealed save: a Game with every die, or why it is not. */
type Verified =
  | { readonly ok: true; readonly game: Game; readonly save: SavedGame; readonly hash: string }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a finished game's save: replayed action by action under the
 * built-in rules from its revealed PRNG state (a ChaCha20 key, or an older
 * game's xoshiro128** state), every die rolled again here, it must reach
 * its recorded final hash and the position this page followed (same public
 * hash), else it is not the game played.
 */
function verify(catalog: Catalog, json: unknown, lobby: Lobby, state: OnlineState): Verified {
  const seats = state.info?.seats ?? lobby.seats;
  const r = restoreGame(catalog, json, {
    controllers: { first: controllerOf(seats.first), second: controllerOf(seats.second) },
    undo: false,
  });
  if (!r.ok)
    return { ok: false, message: `The server's record of the game does not replay: ${r.error.message}` };
  const replica = state.replica;
  if (
    replica &&
    state.over &&
    replica.seq === state.over.seq &&
    publicHash(r.value.position) !== replica.hash
  )
    return {
      ok: false,
      message: "The server's record of the game does not end in the position played here.",
    };
  return { ok: true, game: r.value, save: json as SavedGame, hash: positionHash(r.value.position) };
}

/** Online games are Musket & Pike's for now: the page's replica and connection are typed to it. */
const view: AnyView = mpView;
const MUSKET_AND_PIKE_SYSTEM = musketAndPike();

/**
 * A game on the server, opened from a seat or spectator link: the lobby
 * (scenario, role, whose turn, seats), then the board through the game
 * screen, fed by the server's events; at the end, the verified game.
 */
export function OnlineScreen({
  link,
  catalog,
  onExit,
  onLoad,
}: {
  readonly link: OnlineLink;
  /** The built-in rules data: online games are played under it. */
  readonly catalog: Catalog;
  readonly onExit: () => void;
  readonly onLoad: () => void;
}) {
  const [lobbyState, setLobbyState] = useState<LobbyState>({ kind: "loading" });
  const [lobbyAttempt, setLobbyAttempt] = useState(0);
  const [session, setSession] = useState(0);
  const [replaying, setReplaying] = useState(false);
  const [verified, setVerified] = useState<Verified | undefined>();
  /** A word from this page (not the server) for the banner. */
  const [note, setNote] = useState<string | undefined>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: lobbyAttempt is the player's "Try again"
  useEffect(() => {
    let live = true;
    setLobbyState({ kind: "loading" });
    fetchLobby(link.game, link.token).then(
      (lobby) => {
        if (!live) return;
        if (lobby.rules.hash !== catalog.rules.hash)
          setLobbyState({
            kind: "error",
            message: `The server plays rules data "${lobby.rules.version}" (${lobby.rules.hash}), this page "${catalog.rules.version}" (${catalog.rules.hash}). Reload the page for the server's version.`,
          });
        else {
          setLobbyState({ kind: "ok", lobby });
          rememberGame(localStorage, link);
        }
      },
      (e: unknown) => {
        if (!live) return;
        const message =
          e instanceof ApiError && (e.code === "unauthorised" || e.status === 401 || e.status === 403)
            ? `This link does not open a game (${e.message}).`
            : e instanceof Error
              ? e.message
              : String(e);
        setLobbyState({ kind: "error", message });
      },
    );
    return () => {
      live = false;
    };
  }, [link.game, link.token, catalog, lobbyAttempt]);

  const lobby = lobbyState.kind === "ok" ? lobbyState.lobby : undefined;
  const { state, connection } = useOnlineGame(link, catalog, lobby !== undefined, session);
  const info = state.info ?? lobby;
  const seats = info?.seats;
  const role = state.role ?? lobby?.role ?? "spectator";
  const replica = state.replica;
  const live = useMemo(
    () => (replica ? replicaGame(catalog, replica, seats) : undefined),
    [catalog, replica, seats],
  );

  // The end: the save the `over` message brings, or (a game finished before this visit) the one the API gives.
  const overSave = state.over?.save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per save, not on every message
  useEffect(() => {
    if (!lobby) return;
    if (overSave !== undefined) {
      setVerified(verify(catalog, overSave, lobby, state));
      return;
    }
    if (lobby.status !== "over") return;
    let alive = true;
    fetchSave(link.game, link.token).then(
      (save) => alive && setVerified(verify(catalog, save, lobby, state)),
      (e: unknown) =>
        alive && setVerified({ ok: false, message: `The game's record could not be fetched: ${String(e)}` }),
    );
    return () => {
      alive = false;
    };
  }, [overSave, lobby, catalog, link.game, link.token]);

  // The verified game, once there is one, has every die and the whole history: the end screen and replay use it.
  const game = verified?.ok ? verified.game : live;
  const scenario = game?.ctx.scenario ?? catalog.scenarios.scenarios.find((s) => s.id === info?.scenario);
  const side = sideToAct(game?.position, info);
  const myTurn = side !== undefined && side === role;
  const { permission, ask } = useTurnAlerts(
    myTurn && replica !== undefined,
    `${info?.scenarioName ?? "Online game"} — Tercio`,
    `${info?.scenarioName ?? "Your game"}, Game-Turn ${game?.position.gameTurn ?? info?.progress.turn ?? 1}`,
  );

  const submit = useCallback(
    (...actions: unknown[]) => {
      // The board hands the shell plain actions: each is checked before it goes on the wire.
      const parsed = actions.map((a) => MUSKET_AND_PIKE_SYSTEM.parseAction(a));
      const good = parsed.flatMap((p) => (p.ok ? [p.value] : []));
      return good.length === actions.length && (connection?.submit(...good) ?? false);
    },
    [connection],
  );
  const downloadSave =
    verified?.ok === true
      ? () => download(`tercio-${verified.game.ctx.scenario.slug}-online-${link.game}.json`, verified.save)
      : undefined;

  if (lobbyState.kind === "error")
    return (
      <div className="online-lobby" data-testid="online-lobby">
        <h1>Online game</h1>
        <p className="message error" role="alert" data-testid="message">
          {lobbyState.message}
        </p>
        <button type="button" onClick={() => setLobbyAttempt((n) => n + 1)}>
          Try again
        </button>
        <button type="button" onClick={onExit}>
          Back to the scenarios
        </button>
      </div>
    );

  const closed = state.status.kind === "closed" && state.over === undefined;
  const banner = scenario && (
    <OnlineBanner
      scenario={scenario}
      role={role}
      status={state.status}
      inSync={state.inSync}
      side={side}
      seats={seats}
      presence={state.presence}
      notice={note ?? state.notice}
      permission={permission}
      onNotify={ask}
      onDownload={downloadSave}
      verifiedHash={verified?.ok === true ? verified.hash : undefined}
      saveError={verified?.ok === false ? verified.message : undefined}
      onRetry={closed ? () => setSession((n) => n + 1) : undefined}
      onWebhook={role === "spectator" ? undefined : (url) => setWebhook(link.game, link.token, url)}
    />
  );

  if (!game || !scenario || !lobby)
    return (
      <div className="online-lobby" data-testid="online-lobby">
        <h1>{info ? info.scenarioName : "Online game"}</h1>
        {lobby && scenario ? (
          <dl>
            <dt>You</dt>
            <dd data-testid="online-role">{roleText(scenario, role)}</dd>
            <dt>Turn</dt>
            <dd data-testid="turn-indicator">{turnText(scenario, role, side, seats)}</dd>
            <dt>Seats</dt>
            <dd data-testid="online-seats">
              {(["first", "second"] as const)
                .map((s) => {
                  const seat = seats?.[s];
                  const who = scenario.players.find((p) => p.side === s)?.name ?? s;
                  return `${who}: ${seat?.kind === "ai" ? `AI (${seat.level})` : seat?.connected ? "connected" : "not connected"}`;
                })
                .join(" · ")}
            </dd>
            <dt>Connection</dt>
            <dd data-testid="connection-status">{statusText(state.status, state.inSync, Date.now())}</dd>
          </dl>
        ) : (
          <p data-testid="connection-status">Opening the game…</p>
        )}
        {closed && (
          <button type="button" onClick={() => setSession((n) => n + 1)}>
            Reconnect
          </button>
        )}
        <button type="button" onClick={onExit}>
          Back to the scenarios
        </button>
      </div>
    );

  if (replaying) return <ReplayViewer game={game} view={view} onClose={() => setReplaying(false)} />;

  const cannotAct =
    state.status.kind !== "online"
      ? "Not connected: your action waits until the game is back online."
      : !state.inSync
        ? "Catching up with the server: try again in a moment."
        : state.queue.length > 0
          ? "Waiting for the server to take your last action."
          : undefined;
  return (
    <GameShell
      game={game}
      view={view}
      onGame={ignoreLocalMoves}
      onSave={() => {
        if (downloadSave) downloadSave();
        else setNote("The game can be downloaded once it is over: until then the dice stay secret.");
      }}
      onLoad={onLoad}
      onReplay={() => setReplaying(true)}
      onExit={onExit}
      online={{
        role,
        submit,
        canAct: connection?.canAct() ?? false,
        cannotAct,
        refusal: state.refusal,
        banner,
        saveLabel: "Download the verified game",
      }}
    />
  );
}
