import {
  type Action,
  type Assessment,
  assessAttack,
  autoDeploy,
  type GameContext,
  type GameEvent,
  type Position,
  type Side,
  toAct,
  unitHexes,
} from "@tercio/musket-and-pike";
import { hexAt, mapSheet } from "@tercio/render";
import { type DragEvent, useEffect, useMemo, useState } from "react";
import type { TableProps } from "../../shell/system-view.js";
import { Board, type Highlights } from "./board/Board.js";
import { focusOf } from "./board/focus.js";
import { spentUnits } from "./board/spent.js";
import { useBoardKeys } from "./board/use-board-keys.js";
import { clickOn } from "./click.js";
import { describeHex } from "./describe-hex.js";
import { destinationsOf, movesOf, optionsOf } from "./interaction.js";
import { lastMovesOf, lastResultOf } from "./last-action.js";
import { actingUnits, nextUnit } from "./next-unit.js";
import { CombatPanel } from "./panels/CombatPanel.js";
import { DeployTray } from "./panels/DeployTray.js";
import { Inspector } from "./panels/Inspector.js";
import { KeysHelp } from "./panels/KeysHelp.js";
import { Legend } from "./panels/Legend.js";
import { useLineOfSightTool } from "./panels/LineOfSightTool.js";
import { MovePanel } from "./panels/MovePanel.js";
import { Objectives } from "./panels/Objectives.js";

export type MpTableProps = TableProps<GameContext, Position, Action, GameEvent>;

function firstHex(position: Position, side: Side): string | undefined {
  for (const [hex, ids] of Object.entries(position.stacks))
    if (position.units[ids[0] ?? ""]?.side === side) return hex;
  return undefined;
}

/**
 * Musket & Pike's board and its side panels: the hex map, the deployment
 * tray, movement by clicks and keys, fire and melee with the odds preview,
 * retreats and advances. It offers actions only for the seat the shell
 * hands it, and plays them through the shell's `perform`.
 */
export function HexTable(props: MpTableProps) {
  const { ctx, position, seat, perform, announce, tell, history } = props;
  const sheet = useMemo(() => mapSheet(ctx), [ctx]);
  const human = seat !== undefined;
  const side: Side = seat ?? position.phasing;
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
  const [unlimber, setUnlimber] = useState(false);
  const [roadMode, setRoadMode] = useState(false);
  const los = useLineOfSightTool(ctx, position, sheet, announce);
  // The last moves' lines (M, or the toolbar's toggle): on by default.
  const [showLastMoves, setShowLastMoves] = useState(true);
  // What to bring into view next (the N key, a log line, where reinforcements enter).
  const [reveal, setReveal] = useState<{ hexes: readonly string[]; seq: number } | undefined>();
  const revealHexes = (hexes: readonly string[]) => setReveal((r) => ({ hexes, seq: (r?.seq ?? 0) + 1 }));
  // The hexes of the log line asked for, ringed until the position changes.
  const [located, setLocated] = useState<readonly string[] | undefined>();

  const clearSelection = () => {
    setSelectedUnit(undefined);
    setPending(undefined);
  };

  // A selection belongs to the phase it was made in: a unit picked while deploying must not move on its own later.
  const phaseKey = `${position.gameTurn}/${position.phasing}/${position.phase}/${position.decision?.kind ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on a change of phase only
  useEffect(() => {
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

  // A reinforcement's entry hexes, and the hexes it may reach from them, may be far off:
  // show them when it is picked (item 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new pick of a unit waiting off the map only
  useEffect(() => {
    if (!moves || !selectedUnit || position.offMap[selectedUnit] !== "awaiting-entry") return;
    const lit = new Set(moves.destinations.map((d) => d.hex));
    if (lit.size > 0) revealHexes([...lit]);
  }, [moves]);

  // The log's "show on the map" (SystemView.locate): ring the hexes and bring them into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each request from the log only
  useEffect(() => {
    if (!props.located) return;
    setLocated(props.located.where);
    revealHexes(props.located.where);
  }, [props.located?.seq]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new position clears the ring
  useEffect(() => setLocated(undefined), [position]);

  const spent = useMemo(() => spentUnits(position), [position]);

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
    if (los.pick(hex)) return;
    setSelectedHex(hex);
    announce(describeHex(ctx, position, hex));
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
          setSelectedUnit(intent.action.type === "deploy" ? nextAfter(intent.action) : undefined);
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
        tell(intent.message, "error");
        return;
      case "inspect":
        return;
    }
  };

  /** The next of the player's units that can still act (the N key), after the one selected. */
  const nextUnitOf = () => (options ? nextUnit(actingUnits(position, options), selectedUnit) : undefined);

  /** After a unit is set up, the next one waiting in the tray is picked, so a player can place them one after another. */
  const nextAfter = (placed: Action): string | undefined => {
    if (placed.type !== "deploy") return undefined;
    const p = position;
    return Object.entries(p.offMap).find(
      ([id, s]) => id !== placed.unit && s === "undeployed" && p.units[id]?.side === p.phasing,
    )?.[0];
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
    const action: Action | undefined = hex ? { type: "deploy", unit, hex } : undefined;
    if (action && perform(action)) setSelectedUnit(nextAfter(action));
  };

  // Scans of the history: once per game state, not on every hover.
  const lastMoves = useMemo(() => lastMovesOf(history), [history]);
  const lastResult = useMemo(() => lastResultOf(ctx, history), [ctx, history]);
  // The path previewed: to the hex under the mouse, else to the keyboard cursor's.
  const pathTo = hover ?? cursor;
  const actorHex = useMemo(
    () => (selectedUnit ? unitHexes(position).get(selectedUnit) : undefined),
    [position, selectedUnit],
  );
  const highlights: Highlights = {
    zones: position.phase === "deployment",
    ...(showLastMoves ? { lastMoves } : {}),
    spent,
    ...(located ? { located } : {}),
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

  // Follow the side to act: its zone, its units that may still act, where its reinforcements enter.
  const focus = useMemo(() => focusOf(ctx, position, options), [ctx, position, options]);

  useBoardKeys({
    nextUnit: () => {
      const u = nextUnitOf();
      if (!u) {
        tell(human ? "None of your units can act now." : "", "info");
        return;
      }
      setSelectedUnit(u);
      setPending(undefined);
      const hex = unitHexes(position).get(u);
      if (hex) {
        setSelectedHex(hex);
        setCursor(hex);
        revealHexes([hex]);
        announce(describeHex(ctx, position, hex));
      } else announce(`${u} selected, off the map.`);
    },
    // The same guard as the End phase button (Controls.tsx): a player to act, and this screen's.
    endPhase: () => {
      if (human && toAct(position) !== null) perform({ type: "end-phase" });
    },
    lastMoves: () => setShowLastMoves((v) => !v),
    lineOfSight: () => los.toggle(),
  });

  const hoverText = hover ? describeHex(ctx, position, hover) : undefined;
  const tray =
    position.phase === "deployment" && human
      ? Object.entries(position.offMap)
          .filter(([id, s]) => s === "undeployed" && position.units[id]?.side === side)
          .map(([id]) => id)
      : [];

  return (
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
            announce(
              describeHex(ctx, position, h) +
                (dests?.get(h) ? ` Reachable for ${dests.get(h)?.[0]?.cost} MP.` : "") +
                (combatTargets.has(h) ? " A target." : ""),
            );
          }}
          onHex={onHex}
          onHover={setHover}
          onEscape={() => {
            los.cancel();
            clearSelection();
            tell("", "info");
          }}
          focus={focus.hexes}
          focusKey={focus.key}
          sideKey={focus.sideKey}
          glide={human}
          {...(reveal ? { reveal } : {})}
          overlay={los.overlay}
          tools={
            <button
              type="button"
              className="text-tool"
              aria-pressed={showLastMoves}
              onClick={() => setShowLastMoves(!showLastMoves)}
              title="Show or hide the lines of the last moves (M)"
              data-testid="last-moves-toggle"
            >
              Last moves
            </button>
          }
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
            onAutoDeploy={() => props.performAll(autoDeploy(ctx, position))}
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
        {los.panel}
        <Objectives ctx={ctx} position={position} />
        <Legend ctx={ctx} sheet={sheet} />
        <KeysHelp />
        {props.aside}
      </aside>
    </div>
  );
}
