import {
  type Action,
  type Assessment,
  actor,
  assessAttack,
  autoDeploy,
  endPhase,
  type Position,
  type Side,
  toAct as seatToAct,
  unitHexes,
} from "@tercio/musket-and-pike";
import type { Role } from "@tercio/protocol";
import { hexAt, mapSheet, playerName, statusLine } from "@tercio/render";
import { type DragEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAiTurn } from "../ai/use-ai-turn.js";
import { Board, type Highlights } from "../board/Board.js";
import { clickOn } from "../game/click.js";
import { describeHex } from "../game/describe-hex.js";
import { destinationsOf, movesOf, optionsOf } from "../game/interaction.js";
import { lastMovesOf, lastResultOf } from "../game/last-action.js";
import { act, actAll, type Game, toAct, undo, undoRefusal } from "../game/session.js";
import { ControllerPicker } from "./Chooser.js";
import { CombatLog } from "./CombatLog.js";
import { CombatPanel } from "./CombatPanel.js";
import { DeployTray } from "./DeployTray.js";
import { EndScreen } from "./EndScreen.js";
import { Inspector } from "./Inspector.js";
import { Legend } from "./Legend.js";
import { MovePanel } from "./MovePanel.js";
import { PhaseBar } from "./PhaseBar.js";

export interface GameScreenProps {
  readonly game: Game;
  readonly onGame: (g: Game) => void;
  readonly onSave: () => void;
  readonly onLoad: () => void;
  readonly onReplay: () => void;
  readonly onExit: () => void;
  /** The player's rules-data file (JSON text) when the game is played under it; the AI needs it too. */
  readonly rulesText?: string | undefined;
  /** Present for a game played on the server: this screen's seat, and where its actions go. */
  readonly online?: OnlinePlay | undefined;
}

/**
 * An online game on the game screen. The server is the authority: a
 * player's action goes to it rather than into `game` (which follows the
 * server's events), the AI seats play on the server, there is no undo, and
 * only the seat this screen holds is played from it: the other seat's
 * turns, and everything a spectator sees, are read-only.
 */
export interface OnlinePlay {
  /** The seat this screen holds ("first", "second"), or "spectator". */
  readonly role: Role;
  /** Sends actions of this seat to the server, one after another; false if none could be sent now. */
  readonly submit: (...actions: Action[]) => boolean;
  /** Whether this seat may send an action now: connected, in step with the server, nothing awaiting an answer. */
  readonly canAct: boolean;
  /** Why it may not, when it is this seat's turn ("Reconnecting…", "Waiting for the server…"). */
  readonly cannotAct?: string | undefined;
  /** The server's refusal of this seat's last action, citing the rule ("5.2(F): …"). */
  readonly refusal?: string | undefined;
  /** Shown above the phase bar: connection, seats, whose turn. */
  readonly banner?: ReactNode;
  /** The end screen's save button ("Download the verified game"). */
  readonly saveLabel?: string;
}

export interface Message {
  readonly text: string;
  readonly kind: "error" | "info";
}

function firstHex(position: Position, side: Side): string | undefined {
  for (const [hex, ids] of Object.entries(position.stacks))
    if (position.units[ids[0] ?? ""]?.side === side) return hex;
  return undefined;
}

export function GameScreen({
  game,
  onGame,
  onSave,
  onLoad,
  onReplay,
  onExit,
  rulesText,
  online,
}: GameScreenProps) {
  const { ctx, position } = game;
  const sheet = useMemo(() => mapSheet(ctx), [ctx]);
  const turn = toAct(game);
  // Online, the player at this screen is the seat's holder, whoever plays the other side.
  const human = online ? turn !== undefined && turn.side === online.role : turn?.controller.kind === "human";
  const side = actor(position);
  const options = useMemo(() => (human ? optionsOf(ctx, position) : undefined), [ctx, position, human]);

  const [selectedHex, setSelectedHex] = useState<string | undefined>();
  const [selectedUnit, setSelectedUnit] = useState<string | undefined>();
  // The cursor starts on one of the player's units, or in the zone being deployed in.
  const [cursor, setCursor] = useState<string>(
    () =>
      firstHex(position, side) ??
      [...(options?.deploy.values() ?? [])][0]?.values().next().value ??
      ctx.map.grid.ids[Math.floor(ctx.map.grid.size / 2)] ??
      "0101",
  );
  const [hover, setHover] = useState<string | undefined>();
  const [pending, setPending] = useState<Action | undefined>();
  const [message, setMessage] = useState<Message | undefined>();
  const [unlimber, setUnlimber] = useState(false);
  const [roadMode, setRoadMode] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const gameRef = useRef(game);
  /** The last combat result announced, kept so that a phase change announced after it does not drown it. */
  const spoken = useRef("");
  gameRef.current = game;
  const onlineRef = useRef(online);
  onlineRef.current = online;

  const clearSelection = useCallback(() => {
    setSelectedUnit(undefined);
    setPending(undefined);
  }, []);

  const perform = useCallback(
    (action: Action): boolean => {
      const remote = onlineRef.current;
      if (remote) {
        // The server applies it; the position moves when its event comes back.
        const sent = remote.canAct && remote.submit(action);
        const why = sent ? undefined : (remote.cannotAct ?? "Not sent: waiting for the server.");
        setMessage(why ? { text: why, kind: "error" } : undefined);
        if (why) setAnnouncement(why);
        return sent;
      }
      const r = act(gameRef.current, action);
      if (!r.ok) {
        setMessage({ text: r.error.message, kind: "error" });
        setAnnouncement(r.error.message);
        return false;
      }
      setMessage(undefined);
      spoken.current = "";
      const results =
        r.value.entries
          .at(-1)
          ?.events.filter((e) => e.type === "combat-resolved" || e.type === "game-ended") ?? [];
      if (results.length > 0) {
        const words = results.map((e) =>
          e.type === "combat-resolved"
            ? `${e.kind} on ${e.targets.join(" and ")}: ${e.odds}, die ${e.roll}, ${e.result === "-" ? "no effect" : e.result}`
            : e.type === "game-ended"
              ? `game over: ${e.result?.reason ?? e.reason}`
              : "",
        );
        setAnnouncement(words.join(". "));
        spoken.current = words.join(". ");
      }
      onGame(r.value);
      gameRef.current = r.value;
      return true;
    },
    [onGame],
  );

  /** After a unit is set up, the next one waiting in the tray is picked, so a player can place them one after another. */
  const nextToDeploy = (): string | undefined => {
    const p = gameRef.current.position;
    if (p.phase !== "deployment") return undefined;
    return Object.entries(p.offMap).find(
      ([id, s]) => s === "undeployed" && p.units[id]?.side === p.phasing,
    )?.[0];
  };

  // Online, the AI seats play on the server.
  const { thinking, aiError, setAiError, cancel: cancelAi } = useAiTurn(game, onGame, rulesText, !online);

  // The server's refusal of this seat's action is shown as a local refusal would be.
  const refusal = online?.refusal;
  useEffect(() => {
    if (!refusal) return;
    setMessage({ text: refusal, kind: "error" });
    setAnnouncement(refusal);
  }, [refusal]);

  // Each new phase, Player-Turn or decision is announced (after any combat result that led to it).
  const phaseKey = `${position.gameTurn}/${position.phasing}/${position.phase}/${position.decision?.kind ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: announces on a change of phase only
  useEffect(() => {
    const status =
      statusLine(ctx, position) + (position.decision ? `, ${position.decision.kind} decision` : "");
    setAnnouncement(spoken.current ? `${spoken.current}. ${status}` : status);
    spoken.current = "";
    // A selection belongs to the phase it was made in: a unit picked while deploying must not move on its own later.
    setSelectedUnit(undefined);
    setPending(undefined);
    setUnlimber(false);
  }, [phaseKey]);

  // The retreating unit is the only thing to choose for: select it.
  useEffect(() => {
    if (position.decision?.kind === "retreat" && human) {
      const u = position.decision.units.find((id) => options?.retreats.has(id));
      setSelectedUnit(u);
      setSelectedHex(position.decision.from);
    }
  }, [position, human, options]);

  const moves = useMemo(() => {
    if (!human || position.phase !== "movement" || !selectedUnit || !options?.movable.has(selectedUnit))
      return undefined;
    const m = movesOf(ctx, position, selectedUnit);
    return typeof m === "string" ? undefined : m;
  }, [ctx, position, selectedUnit, human, options]);
  const dests = useMemo(() => (moves ? destinationsOf(moves) : undefined), [moves]);

  const combatTargets = useMemo(() => {
    const out = new Set<string>();
    if (!selectedUnit || !options) return out;
    for (const a of options.allocations.get(selectedUnit) ?? []) {
      if (a.type === "fire") out.add(a.target);
      if (a.type === "attack") for (const t of a.targets) out.add(t);
    }
    return out;
  }, [selectedUnit, options]);

  const preview: Assessment | string | undefined = useMemo(() => {
    if (!pending || (pending.type !== "fire" && pending.type !== "attack")) return undefined;
    const targets = pending.type === "fire" ? [pending.target] : pending.targets;
    const kind = pending.type === "fire" ? "fire" : "melee";
    const same = position.attacks.find(
      (a) => !a.resolved && a.kind === kind && a.targets.join() === targets.join(),
    );
    const r = assessAttack(ctx, position, {
      kind,
      attackers: [...(same?.attackers ?? []), pending.unit],
      targets,
    });
    return r.ok ? r.value : r.error.message;
  }, [pending, ctx, position]);

  const onHex = (hex: string) => {
    setSelectedHex(hex);
    setAnnouncement(describeHex(ctx, position, hex));
    if (!human || !options) return;
    const intent = clickOn(
      ctx,
      position,
      options,
      { selectedUnit, selectedHex, moves, unlimber, roadMode },
      hex,
    );
    switch (intent.kind) {
      case "act":
        if (perform(intent.action)) {
          setSelectedUnit(intent.action.type === "deploy" ? nextToDeploy() : undefined);
          setUnlimber(false);
        }
        return;
      case "select":
        setSelectedUnit(intent.unit);
        setPending(undefined);
        return;
      case "consider":
        setPending(intent.action);
        return;
      case "refuse":
        setMessage({ text: intent.message, kind: "error" });
        setAnnouncement(intent.message);
        return;
      case "inspect":
        return;
    }
  };

  const onDropUnit = (e: DragEvent<HTMLDivElement>) => {
    const unit = e.dataTransfer.getData("text/x-tercio-unit");
    const svg = e.currentTarget.querySelector("svg");
    const m = svg?.getScreenCTM();
    if (!unit || !m) return;
    e.preventDefault();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const h = hexAt(sheet.layout, ctx.map.grid, p.x, p.y);
    const hex = h >= 0 ? ctx.map.grid.ids[h] : undefined;
    if (hex && perform({ type: "deploy", unit, hex })) setSelectedUnit(nextToDeploy());
  };

  // Scans of the history: once per game state, not on every hover.
  const lastMoves = useMemo(() => lastMovesOf(game), [game]);
  const lastResult = useMemo(() => lastResultOf(game), [game]);
  // Why the phase may not end yet, in the engine's words (the button says so rather than going dead).
  const endRefusal = useMemo(() => {
    if (!human || seatToAct(position) === null || options?.canEndPhase) return undefined;
    const r = endPhase(ctx, position);
    return r.ok ? undefined : r.error.message;
  }, [ctx, position, human, options]);
  // The path previewed: to the hex under the mouse, else to the keyboard cursor's.
  const pathTo = hover ?? cursor;
  const actorHex = useMemo(
    () => (selectedUnit ? unitHexes(position).get(selectedUnit) : undefined),
    [position, selectedUnit],
  );
  const highlights: Highlights = {
    zones: position.phase === "deployment",
    lastMoves,
    ...(selectedHex ? { selected: selectedHex } : {}),
    ...(actorHex ? { actor: actorHex } : {}),
    ...(dests
      ? { reach: new Map([...dests].map(([h, ds]) => [h, Math.min(...ds.map((d) => d.cost))])) }
      : {}),
    ...(position.phase === "deployment" && selectedUnit
      ? { choices: options?.deploy.get(selectedUnit) ?? new Set<string>() }
      : {}),
    ...((position.phase === "fire" || position.phase === "melee") && selectedUnit
      ? { choices: combatTargets }
      : {}),
    ...(position.decision?.kind === "retreat" && selectedUnit
      ? { choices: options?.retreats.get(selectedUnit) ?? new Set<string>() }
      : {}),
    ...(pending && (pending.type === "fire" || pending.type === "attack")
      ? { targets: pending.type === "fire" ? [pending.target] : pending.targets }
      : {}),
    ...(dests && pathTo && dests.get(pathTo)
      ? {
          path: [
            actorHex ?? "",
            ...(dests.get(pathTo)?.[0]?.steps.filter((s) => /^\d{4}$/.test(s)) ?? []),
          ].filter((s) => s !== ""),
        }
      : {}),
  };

  const undoWhy = undoRefusal(game, human ? side : (game.entries.at(-1)?.side ?? side));
  const canUndo =
    undoWhy === undefined &&
    game.setup.controllers[game.entries.filter((e) => !e.undone).at(-1)?.side ?? side].kind === "human";
  const doUndo = () => {
    const last = game.entries.filter((e) => !e.undone).at(-1);
    if (!last) return;
    cancelAi();
    onGame(undo(game, last.side));
    clearSelection();
    setMessage({ text: "Action taken back.", kind: "info" });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") {
        e.preventDefault();
        if (canUndo) doUndo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // Frame the deploying player's zone while setting up, then the armies once play begins.
  const focusKey = position.phase === "deployment" ? `deploy-${position.phasing}` : "play";
  const focus: string[] = [];
  if (position.phase === "deployment" && options) {
    const zone = new Set<string>();
    for (const hexes of options.deploy.values()) for (const h of hexes) zone.add(h);
    focus.push(...zone);
  } else focus.push(...Object.keys(position.stacks));

  const hoverText = hover ? describeHex(ctx, position, hover) : undefined;
  const actorName = playerName(ctx.scenario, side);
  const tray =
    position.phase === "deployment" && human
      ? Object.entries(position.offMap)
          .filter(([id, s]) => s === "undeployed" && position.units[id]?.side === side)
          .map(([id]) => id)
      : [];

  return (
    <div className="game">
      {online?.banner}
      <PhaseBar
        ctx={ctx}
        position={position}
        human={human}
        idlePrompt={online && seatToAct(position) !== null ? `Waiting for the ${actorName}…` : undefined}
        thinking={thinking}
        canEndPhase={options?.canEndPhase ?? false}
        endRefusal={endRefusal}
        canUndo={canUndo}
        undoRefusal={undoWhy}
        onEndPhase={() => perform({ type: "end-phase" })}
        onUndo={doUndo}
        onSave={onSave}
        onLoad={onLoad}
        onReplay={onReplay}
        onExit={onExit}
      />
      {(message || aiError) && (
        <p className={`message ${aiError ? "error" : message?.kind}`} role="alert" data-testid="message">
          {aiError ?? message?.text}
        </p>
      )}
      <div className="game-body">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target for counters dragged from the deployment tray */}
        <div className="board-wrap" onDragOver={(e) => e.preventDefault()} onDrop={onDropUnit}>
          <Board
            ctx={ctx}
            sheet={sheet}
            position={position}
            highlights={highlights}
            cursor={cursor}
            onCursor={(h) => {
              setCursor(h);
              setAnnouncement(
                describeHex(ctx, position, h) +
                  (dests?.get(h) ? ` Reachable for ${dests.get(h)?.[0]?.cost} MP.` : "") +
                  (combatTargets.has(h) ? " A target." : ""),
              );
            }}
            onHex={onHex}
            onHover={setHover}
            onEscape={() => {
              clearSelection();
              setMessage(undefined);
            }}
            focus={focus}
            focusKey={focusKey}
            label={`${ctx.scenario.name}: the map. Arrow keys move the cursor, Enter selects, Escape cancels, + and - zoom.`}
          />
          <p className="hover-line" aria-hidden="true">
            {hoverText ?? "Hover a hex for its id, terrain and units."}
          </p>
        </div>
        <aside className="side-panel">
          {tray.length > 0 && (
            <DeployTray
              ctx={ctx}
              position={position}
              units={tray}
              selectedUnit={selectedUnit}
              onSelectUnit={setSelectedUnit}
              onAutoDeploy={() => {
                const actions = autoDeploy(ctx, gameRef.current.position);
                if (online) {
                  if (!(online.canAct && online.submit(...actions)))
                    setMessage({
                      text: online.cannotAct ?? "Not sent: waiting for the server.",
                      kind: "error",
                    });
                  return;
                }
                const r = actAll(gameRef.current, actions);
                if (!r.ok) setMessage({ text: r.error.message, kind: "error" });
                onGame(r.ok ? r.value : r.game);
              }}
            />
          )}
          {position.phase === "movement" && human && options && !position.decision && (
            <MovePanel
              ctx={ctx}
              position={position}
              options={options}
              selectedUnit={selectedUnit}
              moves={moves}
              onSelectUnit={(u) => setSelectedUnit(u)}
              onAction={(a) => {
                const done = perform(a);
                if (done) setSelectedUnit(undefined);
                return done;
              }}
              unlimber={unlimber}
              onUnlimber={setUnlimber}
              roadMode={roadMode}
              onRoadMode={setRoadMode}
            />
          )}
          <Inspector
            ctx={ctx}
            position={position}
            hex={selectedHex}
            selectedUnit={selectedUnit}
            options={options}
            onSelectUnit={(u) => {
              setSelectedUnit(u);
              setPending(undefined);
            }}
            onAction={perform}
          />
          {(position.phase === "fire" || position.phase === "melee" || position.decision) && (
            <CombatPanel
              lastResult={lastResult}
              ctx={ctx}
              position={position}
              options={options}
              pending={pending}
              preview={preview}
              onAction={(a) => perform(a) && setPending(undefined)}
              onCancel={() => setPending(undefined)}
              onPending={setPending}
              selectedUnit={selectedUnit}
            />
          )}
          <Legend ctx={ctx} sheet={sheet} />
          {!online && (
            <details className="players">
              <summary>Players</summary>
              <p className="hint">Hand a side to the AI or take it over, at any moment.</p>
              {(["first", "second"] as const).map((s) => (
                <ControllerPicker
                  key={s}
                  label={playerName(ctx.scenario, s)}
                  value={game.setup.controllers[s]}
                  onChange={(c) => {
                    setAiError(undefined);
                    onGame({
                      ...game,
                      setup: { ...game.setup, controllers: { ...game.setup.controllers, [s]: c } },
                    });
                  }}
                  testId={`${s}-controller-in-game`}
                />
              ))}
            </details>
          )}
          <CombatLog game={game} />
        </aside>
      </div>
      <div className="sr-only" aria-live="polite" data-testid="announce">
        {announcement}
      </div>
      {seatToAct(position) === null && (
        <EndScreen
          game={game}
          onReplay={onReplay}
          onExit={onExit}
          onSave={onSave}
          saveLabel={online?.saveLabel}
        />
      )}
    </div>
  );
}
