import {
  type Action,
  type Assessment,
  actor,
  apply,
  assessAttack,
  autoDeploy,
  endPhase,
  type Position,
  type Side,
  unitHexes,
} from "@tercio/engine";
import { describeEvent, hexAt, mapSheet, PHASE_NAMES, playerName, statusLine } from "@tercio/render";
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AiClient } from "../ai/client.js";
import { Board, type Highlights } from "../board/Board.js";
import { describeHex, describeUnit } from "../game/describe-hex.js";
import { destinationsOf, movesOf, optionsOf, whyNot } from "../game/interaction.js";
import { act, actAll, type Game, toAct, undo, undoRefusal } from "../game/session.js";
import { ControllerPicker } from "./Chooser.js";
import { CombatLog } from "./CombatLog.js";
import { CombatPanel } from "./CombatPanel.js";
import { CounterIcon } from "./CounterIcon.js";
import { EndScreen } from "./EndScreen.js";
import { Inspector } from "./Inspector.js";
import { MovePanel } from "./MovePanel.js";
import { promptFor } from "./prompt.js";

export interface GameScreenProps {
  readonly game: Game;
  readonly onGame: (g: Game) => void;
  readonly onSave: () => void;
  readonly onLoad: () => void;
  readonly onReplay: () => void;
  readonly onExit: () => void;
  /** The player's rules-data file (JSON text) when the game is played under it; the AI needs it too. */
  readonly rulesText?: string | undefined;
}

export interface Message {
  readonly text: string;
  readonly kind: "error" | "info";
}

const ai = new AiClient();

function firstHex(position: Position, side: Side): string | undefined {
  for (const [hex, ids] of Object.entries(position.stacks))
    if (position.units[ids[0] ?? ""]?.side === side) return hex;
  return undefined;
}

/** The combat resolved by the last action in force and what it did, in words (empty if it resolved none). */
function lastResultOf(game: Game): string[] {
  const last = game.entries.filter((e) => !e.undone).at(-1);
  const events = last?.events ?? [];
  if (!events.some((e) => e.type === "combat-resolved")) return [];
  const shown = new Set([
    "combat-resolved",
    "unit-disrupted",
    "unit-eliminated",
    "unit-retreated",
    "result-ignored",
    "unit-captured",
    "attack-lapsed",
  ]);
  return events.filter((e) => shown.has(e.type)).map((e) => describeEvent(game.ctx, e));
}

/** The moves of the last action in force (a move, retreat or advance): shown on the board until the next. */
function lastMovesOf(game: Game): { from: string; to: string }[] {
  const last = game.entries.filter((e) => !e.undone).at(-1);
  const out: { from: string; to: string }[] = [];
  for (const e of last?.events ?? []) {
    if (e.type === "unit-moved" && e.from !== "off-map" && e.to !== "exited" && e.from !== e.to)
      out.push({ from: e.from, to: e.to });
    if (e.type === "unit-retreated" || e.type === "unit-advanced") out.push({ from: e.from, to: e.to });
  }
  return out;
}

export function GameScreen({ game, onGame, onSave, onLoad, onReplay, onExit, rulesText }: GameScreenProps) {
  const { ctx, position } = game;
  const sheet = useMemo(() => mapSheet(ctx), [ctx]);
  const turn = toAct(game);
  const human = turn?.controller.kind === "human";
  const side = actor(position);
  const options = useMemo(() => (human ? optionsOf(ctx, position) : undefined), [ctx, position, human]);

  const [selectedHex, setSelectedHex] = useState<string | undefined>();
  const [selectedUnit, setSelectedUnit] = useState<string | undefined>();
  const [cursor, setCursor] = useState<string>(
    () => firstHex(position, side) ?? ctx.map.grid.ids[Math.floor(ctx.map.grid.size / 2)] ?? "0101",
  );
  const [hover, setHover] = useState<string | undefined>();
  const [pending, setPending] = useState<Action | undefined>();
  const [message, setMessage] = useState<Message | undefined>();
  const [unlimber, setUnlimber] = useState(false);
  const [roadMode, setRoadMode] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [thinking, setThinking] = useState(false);
  const [aiError, setAiError] = useState<string | undefined>();
  const gameRef = useRef(game);
  /** The last combat result announced, kept so that a phase change announced after it does not drown it. */
  const spoken = useRef("");
  gameRef.current = game;

  const clearSelection = useCallback(() => {
    setSelectedUnit(undefined);
    setPending(undefined);
  }, []);

  const perform = useCallback(
    (action: Action): boolean => {
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
      return true;
    },
    [onGame],
  );

  // The AI's turn: ask the worker, then play its answer if the game has not moved on meanwhile.
  // Keyed on the game alone, so that re-rendering (a hover, a selection) never asks twice.
  useEffect(() => {
    const who = toAct(game);
    if (who?.controller.kind !== "ai") {
      setThinking(false);
      return;
    }
    const at = game.entries.length;
    setThinking(true);
    let live = true;
    ai.choose(
      game.ctx.scenario.id,
      who.controller.level,
      game.position,
      (game.setup.seed + at * 7919) >>> 0,
      rulesText,
    ).then((reply) => {
      if (!live || gameRef.current !== game) return;
      setThinking(false);
      if (!reply.ok) {
        if (reply.message !== "cancelled") setAiError(`The AI could not move: ${reply.message}`);
        return;
      }
      const r = act(game, reply.action);
      if (!r.ok) setAiError(`The AI chose an illegal action: ${r.error.message}`);
      else onGame(r.value);
    });
    return () => {
      live = false;
    };
  }, [game, onGame, rulesText]);

  useEffect(() => () => ai.cancel(), []);

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

  const ownStack = (hex: string) => {
    const ids = position.stacks[hex] ?? [];
    return ids.length > 0 && position.units[ids[0] ?? ""]?.side === side ? ids : undefined;
  };

  const onHex = (hex: string) => {
    setSelectedHex(hex);
    setAnnouncement(describeHex(ctx, position, hex));
    if (!human || !options) return;
    const d = position.decision;
    if (d?.kind === "retreat") {
      if (selectedUnit && options.retreats.get(selectedUnit)?.has(hex))
        perform({ type: "retreat", unit: selectedUnit, to: hex });
      else
        setMessage({
          text: `8.2: the retreat may not end in ${hex}; choose a highlighted hex.`,
          kind: "error",
        });
      return;
    }
    if (d) return;
    if (position.phase === "deployment") {
      if (selectedUnit && options.deploy.get(selectedUnit)?.has(hex)) {
        if (perform({ type: "deploy", unit: selectedUnit, hex })) setSelectedUnit(undefined);
        return;
      }
      const ids = ownStack(hex);
      if (ids) {
        setSelectedUnit(ids[0]);
        return;
      }
      if (selectedUnit) {
        const r = apply(ctx, position, { type: "deploy", unit: selectedUnit, hex });
        if (!r.ok) setMessage({ text: r.error.message, kind: "error" });
      }
      return;
    }
    if (position.phase === "movement") {
      const ds = dests?.get(hex);
      if (selectedUnit && ds && ds.length > 0) {
        const d0 = ds.find((x) => x.roadMode === roadMode) ?? ds[0];
        if (d0) {
          const steps = unlimber && d0.canUnlimber ? [...d0.steps, "unlimber" as const] : [...d0.steps];
          if (perform({ type: "move", unit: selectedUnit, steps })) {
            setSelectedUnit(undefined);
            setUnlimber(false);
          }
        }
        return;
      }
      const ids = ownStack(hex);
      if (ids && !(selectedUnit && ids.includes(selectedUnit))) {
        setSelectedUnit(ids.find((id) => options.movable.has(id)) ?? ids[0]);
        return;
      }
      if (selectedUnit && moves && hex !== selectedHex) {
        setMessage({ text: whyNot(ctx, position, selectedUnit, moves, hex), kind: "error" });
        return;
      }
      if (selectedUnit && !moves && !ids) {
        const m = movesOf(ctx, position, selectedUnit);
        setMessage({
          text: typeof m === "string" ? m : `${selectedUnit} has moved this phase (5.2G).`,
          kind: "error",
        });
      }
      return;
    }
    if (position.phase === "fire" || position.phase === "melee") {
      if (selectedUnit && combatTargets.has(hex)) {
        const first = (options.allocations.get(selectedUnit) ?? []).find((a) =>
          a.type === "fire"
            ? a.target === hex
            : a.type === "attack" && a.targets.length === 1 && a.targets[0] === hex,
        );
        const any =
          first ??
          (options.allocations.get(selectedUnit) ?? []).find(
            (a) => a.type === "attack" && a.targets.includes(hex),
          );
        setPending(any);
        return;
      }
      const ids = ownStack(hex);
      if (ids) {
        setSelectedUnit(ids.find((id) => options.allocations.has(id)) ?? ids[0]);
        setPending(undefined);
        return;
      }
      if (selectedUnit) {
        const attempt: Action =
          position.phase === "fire"
            ? { type: "fire", unit: selectedUnit, target: hex }
            : { type: "attack", unit: selectedUnit, targets: [hex] };
        const r = apply(ctx, position, attempt);
        if (!r.ok) setMessage({ text: r.error.message, kind: "error" });
      }
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
    if (hex && perform({ type: "deploy", unit, hex })) setSelectedUnit(undefined);
  };

  const lastMoves = lastMovesOf(game);
  // Why the phase may not end yet, in the engine's words (the button says so rather than going dead).
  const endRefusal = useMemo(() => {
    if (!human || position.phase === "game-over" || options?.canEndPhase) return undefined;
    const r = endPhase(ctx, position);
    return r.ok ? undefined : r.error.message;
  }, [ctx, position, human, options]);
  const actorHex = selectedUnit ? unitHexes(position).get(selectedUnit) : undefined;
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
    ...(dests && hover && dests.get(hover)
      ? {
          path: [
            (selectedUnit ? unitHexes(position).get(selectedUnit) : undefined) ?? "",
            ...(dests.get(hover)?.[0]?.steps.filter((s) => /^\d{4}$/.test(s)) ?? []),
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
    ai.cancel();
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
  const me = playerName(ctx.scenario, side);
  const tray =
    position.phase === "deployment" && human
      ? Object.entries(position.offMap)
          .filter(([id, s]) => s === "undeployed" && position.units[id]?.side === side)
          .map(([id]) => id)
      : [];

  return (
    <div className="game">
      <header className="phase-bar" data-testid="phase-bar">
        <div className="turn">
          <b>
            Game-Turn <span data-testid="game-turn">{position.gameTurn}</span> of {ctx.scenario.gameLength}
          </b>
          <span className={`side side-${side}`}>{me}</span>
          <span data-testid="phase">
            {position.decision
              ? `${PHASE_NAMES[position.phase]} — ${position.decision.kind} decision`
              : PHASE_NAMES[position.phase]}
          </span>
          {thinking && (
            <span className="thinking" data-testid="ai-thinking" role="status">
              AI thinking…
            </span>
          )}
        </div>
        <p className="prompt" data-testid="prompt">
          {promptFor(ctx, position, human)}
        </p>
        <div className="bar-buttons">
          <button
            type="button"
            onClick={() => perform({ type: "end-phase" })}
            disabled={!human || position.phase === "game-over"}
            className={options?.canEndPhase ? "" : "refused"}
            data-testid="end-phase"
            title={endRefusal ?? "End the phase"}
          >
            End {position.phase === "deployment" ? "deployment" : "phase"}
          </button>
          <button
            type="button"
            onClick={doUndo}
            disabled={!canUndo}
            title={undoWhy ?? "Take back your last action (Ctrl+Z)"}
            data-testid="undo"
          >
            Undo
          </button>
          <button type="button" onClick={onSave} data-testid="save">
            Save
          </button>
          <button type="button" onClick={onLoad} data-testid="load">
            Load
          </button>
          <button type="button" onClick={onReplay} data-testid="replay">
            Replay
          </button>
          <button type="button" onClick={onExit}>
            Scenarios
          </button>
        </div>
      </header>
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
            <section className="tray" aria-label="Units to deploy">
              <h3>To deploy ({tray.length})</h3>
              <button
                type="button"
                data-testid="auto-deploy"
                onClick={() => {
                  const r = actAll(gameRef.current, autoDeploy(ctx, gameRef.current.position));
                  if (!r.ok) setMessage({ text: r.error.message, kind: "error" });
                  onGame(r.ok ? r.value : r.game);
                }}
              >
                Deploy automatically
              </button>
              <ul>
                {tray.map((id) => (
                  <li key={id}>
                    <button
                      type="button"
                      draggable
                      onDragStart={(e) => e.dataTransfer.setData("text/x-tercio-unit", id)}
                      className={selectedUnit === id ? "picked" : ""}
                      onClick={() => setSelectedUnit(id)}
                      data-unit={id}
                      title={position.units[id] ? describeUnit(ctx, id, position.units[id]) : id}
                    >
                      {position.units[id] && <CounterIcon ctx={ctx} unit={position.units[id]} />}
                      <span>{id}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
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
              lastResult={lastResultOf(game)}
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
          <CombatLog game={game} />
        </aside>
      </div>
      <div className="sr-only" aria-live="polite" data-testid="announce">
        {announcement}
      </div>
      {position.phase === "game-over" && (
        <EndScreen game={game} onReplay={onReplay} onExit={onExit} onSave={onSave} />
      )}
    </div>
  );
}
