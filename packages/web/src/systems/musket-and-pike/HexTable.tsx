import {
  type Action,
  autoDeploy,
  type GameContext,
  type GameEvent,
  overStacked,
  type Position,
  type Side,
  toAct,
  unitHexes,
} from "@tercio/musket-and-pike";
import { mapSheet } from "@tercio/render";
import { useEffect, useMemo, useState } from "react";
import type { TableProps } from "../../shell/system-view.js";
import { type PendingAllocation, targetsOf } from "./allocation.js";
import { Board, type Highlights } from "./board/Board.js";
import { focusOf } from "./board/focus.js";
import { spentUnits } from "./board/spent.js";
import { useBoardKeys } from "./board/use-board-keys.js";
import { boxSelection } from "./box-select.js";
import { clickOn } from "./click.js";
import { describeHex } from "./describe-hex.js";
import { footprint } from "./formation.js";
import { performed } from "./group-move.js";
import { destinationsOf, movesOf, optionsOf } from "./interaction.js";
import { lastMovesOf, lastResultOf } from "./last-action.js";
import { groupMoveWords, refusedWords } from "./move-words.js";
import { actingUnits, nextUnit } from "./next-unit.js";
import { CombatPanel } from "./panels/CombatPanel.js";
import { DeployTray } from "./panels/DeployTray.js";
import { Inspector } from "./panels/Inspector.js";
import { KeysHelp } from "./panels/KeysHelp.js";
import { Legend } from "./panels/Legend.js";
import { useLineOfSightTool } from "./panels/LineOfSightTool.js";
import { MovePanel } from "./panels/MovePanel.js";
import { Objectives } from "./panels/Objectives.js";
import { useCombat } from "./use-combat.js";
import { useGroup } from "./use-group.js";

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
  const [pending, setPending] = useState<PendingAllocation | undefined>();
  const [unlimber, setUnlimber] = useState(false);
  const [roadMode, setRoadMode] = useState(false);
  const los = useLineOfSightTool(ctx, position, sheet, announce);
  const groups = useGroup({
    ctx,
    position,
    human,
    options,
    selectedUnit,
    setSelectedUnit,
    setPending,
    roadMode,
    unlimber,
    setUnlimber,
    performAll: props.performAll,
    tell,
    announce,
  });
  const { members, grouped } = groups;
  const membersKey = members.join();
  // The last moves' lines (M, or the toolbar's toggle): on by default.
  const [showLastMoves, setShowLastMoves] = useState(true);
  // What to bring into view next (the N key, a log line, where reinforcements enter).
  const [reveal, setReveal] = useState<{ hexes: readonly string[]; seq: number } | undefined>();
  const revealHexes = (hexes: readonly string[]) => setReveal((r) => ({ hexes, seq: (r?.seq ?? 0) + 1 }));
  // The hexes of the log line asked for, ringed until the position changes.
  const [located, setLocated] = useState<readonly string[] | undefined>();

  const clearSelection = () => {
    setSelectedUnit(undefined);
    groups.clear();
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

  // The hexes of the selected group, ringed on the map.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group by its members' ids
  const groupHexes = useMemo(() => {
    const hexes = unitHexes(position);
    return [...new Set(members.flatMap((u) => hexes.get(u) ?? []))];
  }, [position, membersKey]);

  const combat = useCombat({
    ctx,
    position,
    human,
    options,
    members,
    pending,
    setPending,
    perform,
    performAll: props.performAll,
    tell,
    announce,
    done: clearSelection,
  });
  const { preview, targets: combatTargets } = combat;

  const onHex = (hex: string, add = false) => {
    if (los.pick(hex)) return;
    setSelectedHex(hex);
    announce(describeHex(ctx, position, hex));
    if (!human || !options) return;
    const intent = clickOn(
      ctx,
      position,
      options,
      {
        selectedUnit,
        selectedHex,
        moves,
        unlimber,
        roadMode,
        group: members,
        groupReach: grouped?.any,
        add,
        pending,
      },
      hex,
    );
    switch (intent.kind) {
      case "act": {
        const action = intent.action;
        // The move in words, and the hex as it stands after it (the engine says, before the shell takes it).
        const after = action.type === "move" ? performed(ctx, position, action) : undefined;
        if (perform(action)) {
          setSelectedUnit(action.type === "deploy" ? nextAfter(action) : undefined);
          groups.clear();
          setUnlimber(false);
          if (typeof after === "object" && after.moved[0]?.to !== "exited")
            announce(groupMoveWords(ctx, after.position, hex, after.moved, []));
        }
        return;
      }
      case "select":
        groups.selectAndSay([intent.unit]);
        return;
      case "group":
        groups.selectAndSay(intent.units);
        return;
      case "group-move":
        groups.moveTo(hex);
        return;
      case "consider":
        setPending(intent.pending);
        if (intent.pending.refused.length > 0) tell(refusedWords(intent.pending.refused, "left out"), "info");
        return;
      case "commit":
        combat.commit();
        return;
      case "refuse":
        tell(intent.message, "error");
        return;
      case "inspect":
        return;
    }
  };

  /** Shift-drag on the map: the units in the rectangle that may act now join the selection (box-select.ts). */
  const onBox = (hexes: readonly string[]) => {
    if (!human || !options || position.decision) return;
    if (position.phase !== "movement" && position.phase !== "fire" && position.phase !== "melee") return;
    const units = boxSelection(ctx, position, options, members, hexes);
    if (units.length === members.length) {
      tell("None of your units in the rectangle can act now.", "info");
      return;
    }
    setPending(undefined);
    groups.selectAndSay(units);
    const lead = units[0] ? unitHexes(position).get(units[0]) : undefined;
    if (lead) setSelectedHex(lead);
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

  /** A counter dragged from the deployment tray onto a hex of the map. */
  const onDropUnit = (unit: string, hex: string) => {
    const action: Action = { type: "deploy", unit, hex };
    if (perform(action)) setSelectedUnit(nextAfter(action));
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
  const over = useMemo(
    () =>
      position.phase === "movement" && !position.decision
        ? overStacked(ctx, position, position.phasing).map((o) => o.hex)
        : [],
    [ctx, position],
  );
  const groupPath = grouped && pathTo ? grouped.each.get(members[0] ?? "") : undefined;
  // A formation's places under the mouse (or the cursor): where each of its stacks would go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group by its members' ids
  const formationPlaces = useMemo(
    () =>
      grouped?.formation && pathTo && grouped.any.has(pathTo)
        ? footprint(ctx, position, members, grouped.each, pathTo)
        : undefined,
    [ctx, position, grouped, pathTo, membersKey],
  );
  const leadDests = typeof groupPath === "object" ? destinationsOf(groupPath) : dests;
  const highlights: Highlights = {
    zones: position.phase === "deployment",
    ...(showLastMoves ? { lastMoves } : {}),
    spent,
    ...(located ? { located } : {}),
    ...(over.length > 0 ? { overStacked: over } : {}),
    ...(selectedHex ? { selected: selectedHex } : {}),
    ...(actorHex ? { actor: actorHex } : {}),
    ...(grouped
      ? { reach: grouped.common }
      : dests
        ? { reach: new Map([...dests].map(([h, ds]) => [h, Math.min(...ds.map((d) => d.cost))])) }
        : {}),
    ...(position.phase === "deployment" && selectedUnit
      ? { choices: options?.deploy.get(selectedUnit) ?? new Set<string>() }
      : {}),
    ...((position.phase === "fire" || position.phase === "melee") && selectedUnit
      ? { choices: combatTargets, ...(members.length > 1 ? { group: groupHexes } : {}) }
      : {}),
    ...(position.phase === "movement" && members.length > 1 ? { group: groupHexes } : {}),
    ...(position.decision?.kind === "retreat" && selectedUnit
      ? { choices: options?.retreats.get(selectedUnit) ?? new Set<string>() }
      : {}),
    ...(pending?.actions[0] ? { targets: targetsOf(pending.actions[0]) } : {}),
    ...(formationPlaces ? { footprint: formationPlaces } : {}),
    ...(leadDests && pathTo && leadDests.get(pathTo)
      ? {
          path: [
            actorHex ?? "",
            ...(leadDests.get(pathTo)?.[0]?.steps.filter((s) => /^\d{4}$/.test(s)) ?? []),
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
      // Said as any selection is: the unit and what it can reach (or why it has no target).
      groups.selectAndSay([u]);
      const hex = unitHexes(position).get(u);
      if (hex) {
        setSelectedHex(hex);
        setCursor(hex);
        revealHexes([hex]);
      }
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
      <div className="board-wrap">
        <Board
          ctx={ctx}
          sheet={sheet}
          position={position}
          highlights={highlights}
          cursor={cursor}
          onCursor={(h) => {
            setCursor(h);
            const groupCost = grouped?.common.get(h);
            announce(
              describeHex(ctx, position, h) +
                (grouped
                  ? groupCost !== undefined
                    ? ` Reachable by all ${members.length} for ${groupCost} MP.`
                    : grouped.any.has(h)
                      ? " Reachable by some of the group."
                      : ""
                  : dests?.get(h)
                    ? ` Reachable for ${dests.get(h)?.[0]?.cost} MP.`
                    : "") +
                (combatTargets.has(h) ? " A target." : ""),
            );
          }}
          onHex={onHex}
          onBox={onBox}
          onDropUnit={onDropUnit}
          onHover={setHover}
          onEscape={() => {
            los.cancel();
            clearSelection();
            tell("", "info");
          }}
          focus={focus.hexes}
          focusKey={human ? focus.key : focus.sideKey}
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
            group={members}
            commonReach={grouped?.common.size}
            moves={moves}
            onGroup={groups.selectAndSay}
            onAction={(a) => {
              const done = perform(a);
              if (done) clearSelection();
              return done;
            }}
            unlimber={unlimber}
            onUnlimber={setUnlimber}
            roadMode={roadMode}
            onRoadMode={setRoadMode}
            spread={grouped?.spread ?? false}
            keepFormation={groups.keepFormation}
            onKeepFormation={groups.setKeepFormation}
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
            onPending={(a) => setPending({ actions: [a], refused: [] })}
            onCommit={combat.commit}
            onResolveAll={combat.resolveAll}
            resolvingAll={combat.resolvingAll}
            selectedUnit={selectedUnit}
            group={members}
            noTarget={groups.noTarget}
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
