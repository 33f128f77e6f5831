import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError, fetchLobby, fetchSave, type Lobby, setWebhook } from "../online/api.js";
import type { OnlineLink } from "../online/links.js";
import { rememberGame } from "../online/my-games.js";
import { replicaGame } from "../online/replica-game.js";
import { useCountdownTicks } from "../online/use-countdown.js";
import { useOnlineGame } from "../online/use-online-game.js";
import { useTurnAlerts } from "../online/use-turn-alerts.js";
import { type Verified, verifySave } from "../online/verify.js";
import { endingWords, roleText, seatText, sideToAct, statusText, turnText } from "../online/words.js";
import { GameShell } from "../shell/GameShell.js";
import { ReplayViewer } from "../shell/ReplayViewer.js";
import type { GameLog } from "../shell/session.js";
import { download } from "../storage.js";
import { entryOf, type SystemEntry } from "../systems/views.js";
import { OnlineBanner } from "./OnlineBanner.js";
import { OnlineSocial } from "./OnlineSocial.js";

type LobbyState =
  | { readonly kind: "loading" }
  | { readonly kind: "ok"; readonly lobby: Lobby; readonly entry: SystemEntry }
  | { readonly kind: "error"; readonly message: string };

/** Why this page cannot show a game the lobby describes, or undefined if it can. */
function unplayable(lobby: Lobby, entry: SystemEntry | undefined): string | undefined {
  if (!entry)
    return `This is a game of ${lobby.systemTitle} (${lobby.system}), which this page does not play.`;
  const { system } = entry;
  if (lobby.rules.hash !== system.rules.hash)
    return `The server plays rules data "${lobby.rules.version}" (${lobby.rules.hash}), this page "${system.rules.version}" (${system.rules.hash}). Reload the page for the server's version.`;
  if (!system.replaysVersion(lobby.version))
    return `The server plays ${system.title} ${lobby.version}, this page ${system.version}, which could play it differently. Reload the page for the server's version.`;
  return undefined;
}

/**
 * A game on the server, of any rule system, opened from a seat or
 * spectator link: the lobby (scenario, role, whose turn, seats), then the
 * system's board through the game screen, fed by the server's events; at
 * the end, the verified game.
 */
export function OnlineScreen({
  link,
  systems,
  onExit,
  onLoad,
}: {
  readonly link: OnlineLink;
  /** The systems this page plays, under their built-in rules data: online games are played under it. */
  readonly systems: readonly SystemEntry[];
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
        const entry = entryOf(systems, lobby.system);
        const why = unplayable(lobby, entry);
        if (why || !entry) setLobbyState({ kind: "error", message: why ?? "" });
        else {
          setLobbyState({ kind: "ok", lobby, entry });
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
  }, [link.game, link.token, systems, lobbyAttempt]);

  const lobby = lobbyState.kind === "ok" ? lobbyState.lobby : undefined;
  const entry = lobbyState.kind === "ok" ? lobbyState.entry : undefined;
  const system = entry?.system;
  const { state, connection } = useOnlineGame(link, system, session);
  // The lobby's line counts down too (the banner does the same once the game is shown).
  useCountdownTicks(state.status);
  const info = state.info ?? lobby;
  const seats = info?.seats;
  const role = state.role ?? lobby?.role ?? "spectator";
  const replica = state.replica;
  const live = useMemo(() => (replica ? replicaGame(replica) : undefined), [replica]);

  // The end: the save the `over` message brings, or (a game finished before this visit) the one the API gives.
  const overSave = state.over?.save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per save, not on every message
  useEffect(() => {
    if (!lobby || !system) return;
    const seats = state.info?.seats ?? lobby.seats;
    if (overSave !== undefined) {
      setVerified(verifySave(system, overSave, seats, { replica: state.replica, overSeq: state.over?.seq }));
      return;
    }
    if (lobby.status !== "over") return;
    let alive = true;
    fetchSave(link.game, link.token).then(
      (save) => alive && setVerified(verifySave(system, save, seats)),
      (e: unknown) =>
        alive && setVerified({ ok: false, message: `The game's record could not be fetched: ${String(e)}` }),
    );
    return () => {
      alive = false;
    };
  }, [overSave, lobby, system, link.game, link.token]);

  // The verified game, once there is one, has every die and the whole history: the end screen and replay use it.
  const game: GameLog | undefined = verified?.ok ? verified.game : live;
  const names = info?.seatNames;
  // An end by the players' word leaves the position as it was: nobody is to act all the same.
  const ending = state.table?.ending ?? info?.ending ?? null;
  const side = ending ? undefined : sideToAct(game, info);
  const over = side === undefined && (ending !== null || info?.status === "over" || state.over !== undefined);
  const myTurn = side !== undefined && side === role;
  const title = info?.scenarioName ?? "Online game";
  const where = game ? game.system.status(game.ctx, game.position).text : info?.progress.text;
  const { permission, ask } = useTurnAlerts(
    myTurn && replica !== undefined,
    `${title} — Tercio`,
    where ? `${title}, ${where}` : title,
  );

  const submit = useCallback(
    (...actions: unknown[]): true | string => {
      if (!system || !connection) return "Not connected yet.";
      // The board hands the shell plain actions: each is checked by the game's system before it goes on the wire.
      const parsed = actions.map((a) => system.parseAction(a));
      const bad = parsed.find((p) => !p.ok);
      if (bad && !bad.ok) return `Not sent: not an action of ${system.title} (${bad.error.message}).`;
      const good = parsed.flatMap((p) => (p.ok ? [p.value] : []));
      return connection.submit(...good) || "Not sent: waiting for the server.";
    },
    [system, connection],
  );
  const downloadSave =
    verified?.ok === true
      ? () => {
          const scenario = verified.game.gameSetup.scenario.replace(/[^A-Za-z0-9.-]+/g, "-");
          download(`tercio-${verified.game.system.id}-${scenario}-online-${link.game}.json`, verified.save);
        }
      : undefined;

  if (lobbyState.kind === "error")
    return (
      <main className="online-lobby" data-testid="online-lobby">
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
      </main>
    );

  const closed = state.status.kind === "closed" && state.over === undefined;
  const banner = names && (
    <>
      <OnlineBanner
        names={names}
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
        onRetryNow={() => connection?.retryNow()}
        onWebhook={role === "spectator" ? undefined : (url) => setWebhook(link.game, link.token, url)}
      />
      <OnlineSocial
        names={names}
        role={role}
        token={link.token}
        table={
          state.table ??
          (info?.ending ? { drawOffer: null, ending: info.ending, rematch: info.rematch ?? null } : undefined)
        }
        chat={state.chat}
        over={over || (game !== undefined && game.system.toAct(game.position) === null)}
        online={state.status.kind === "online"}
        refusal={state.socialRefusal}
        onWord={(word) => connection?.tell(word) ?? false}
      />
    </>
  );

  if (!game || !names || !lobby || !entry)
    return (
      <main className="online-lobby" data-testid="online-lobby">
        <h1>{info ? info.scenarioName : "Online game"}</h1>
        {info && names ? (
          <dl>
            <dt>Game</dt>
            <dd data-testid="online-system">{info.systemTitle}</dd>
            <dt>You</dt>
            <dd data-testid="online-role">{roleText(names, role)}</dd>
            <dt>Turn</dt>
            <dd data-testid="turn-indicator">{turnText(names, role, side, seats)}</dd>
            <dt>Where</dt>
            <dd data-testid="online-progress">{info.progress.text}</dd>
            <dt>Seats</dt>
            <dd data-testid="online-seats">
              {(["first", "second"] as const).map((s) => `${names[s]}: ${seatText(seats?.[s])}`).join(" · ")}
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
      </main>
    );

  const { view } = entry;
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
        ending: ending && names ? endingWords(names, ending) : undefined,
      }}
    />
  );
}
