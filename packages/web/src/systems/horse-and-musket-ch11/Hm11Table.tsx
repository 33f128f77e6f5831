import {
  type Action,
  allowanceOf,
  atPose,
  type Ctx,
  type GameEvent,
  handToHandWorking,
  type Position,
  type RuleError,
  relativeWords,
  shotRefusal,
  shotWorking,
  statusLine,
  unitWords,
} from "@tercio/horse-and-musket-ch11";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import type { TableProps } from "../../shell/system-view.js";
import { Board, type BoardHandlers } from "./Board.js";
import { ChargePanel } from "./ChargePanel.js";
import { dragLeg, dragPivot, legPose } from "./drag.js";
import { FightPanel } from "./FightPanel.js";
import { homeView, type Point, panStep, TICK, zoomCentre } from "./frame.js";
import { onBase, onRing, ringRadius, unitAt } from "./hit-test.js";
import { keyCommand } from "./keys.js";
import { lastWorking } from "./last-working.js";
import { MovePanel } from "./MovePanel.js";
import {
  ChargePathShape,
  FireShapes,
  Ghost,
  PivotRing,
  RefusalMark,
  RulerShape,
  TargetMark,
} from "./Overlays.js";
import { firstShotRefusal, SidesKey, SquareButtons } from "./PanelParts.js";
import { BoardDefs } from "./Patterns.js";
import { previewMove } from "./preview-move.js";
import { emptyDraft, isEmpty, type MoveDraft, programOf } from "./program.js";
import { measure, rulerWords } from "./ruler.js";
import { ShotPanel } from "./ShotPanel.js";
import { stepLeg, stepPivot } from "./steps.js";
import { GridLayer, TerrainLabels, TerrainLayer } from "./TerrainLayer.js";
import { Toolbar } from "./Toolbar.js";
import { chargeOptions, shotTargets } from "./targets.js";
import { FocusableUnits, UnitLabels } from "./UnitLayer.js";
import { WorkingList, WorkingShapes } from "./WorkingView.js";
import { chargeShapes, retreatShapes, shotShapes } from "./working.js";

export type Props = TableProps<Ctx, Position, Action, GameEvent>;
export type Tool = "select" | "ruler";

/** A drag the table owns (the board pans by itself otherwise). */
type Drag =
  | { kind: "leg"; start: MoveDraft; grab: Point }
  | { kind: "pivot"; which: "start" | "end"; start: MoveDraft }
  | { kind: "ruler"; a: Point }
  | { kind: "press"; unit: string | undefined };

const RING_BAND = TICK / 2;

/** Chapter 11's table: the board, its tools and its side panel. Every rule answer comes from the engine. */
export function Hm11Table(props: Props) {
  const { ctx, position, seat } = props;
  const [view, setView] = useState(() => homeView(ctx.table));
  const [selected, setSelected] = useState<string | undefined>();
  const [draft, setDraft] = useState<MoveDraft | undefined>();
  const [stopped, setStopped] = useState<RuleError | undefined>();
  const [focusTarget, setFocusTarget] = useState<string | undefined>();
  const [tool, setTool] = useState<Tool>("select");
  const [grid, setGrid] = useState(false);
  const [showWorking, setShowWorking] = useState(false);
  const [ruler, setRuler] = useState<{ a: Point; b: Point } | undefined>();
  const drag = useRef<Drag | undefined>(undefined);

  // A new position (an action taken, undone, or the other side's) ends the move being drawn.
  useEffect(() => {
    setDraft(undefined);
    setStopped(undefined);
    setFocusTarget(undefined);
    setSelected((s) => (s && position.units[s] ? s : undefined));
  }, [position]);

  const unit = selected ? position.units[selected] : undefined;
  const mine = seat !== undefined && position.toMove === seat && unit?.side === seat;
  const movement = position.phase === "movement";
  const canMove =
    mine &&
    movement &&
    unit !== undefined &&
    unit.formation !== "square" &&
    (unit.acted === "none" || unit.acted === "formed");
  const moving = useMemo(
    () => (canMove && selected !== undefined ? (draft ?? emptyDraft(selected)) : undefined),
    [canMove, selected, draft],
  );
  const preview = useMemo(
    () => (moving ? previewMove(ctx, position, moving) : undefined),
    [ctx, position, moving],
  );
  const charges = useMemo(
    () =>
      mine && movement && selected && unit?.acted === "none"
        ? chargeOptions(ctx, position, selected)
        : { reach: [], refused: [] },
    [ctx, position, mine, movement, selected, unit?.acted],
  );
  const shooting = mine && position.phase === "shooting" && selected !== undefined;
  const targets = useMemo(
    () => (shooting && selected ? shotTargets(ctx, position, selected) : []),
    [ctx, position, shooting, selected],
  );
  const shotTarget = focusTarget && targets.includes(focusTarget) ? focusTarget : undefined;
  const chargeFocus = charges.reach.find((c) => c.target === focusTarget);
  const drafting = moving !== undefined;

  const select = (id: string | undefined) => {
    setSelected(id);
    setDraft(undefined);
    setStopped(undefined);
    setFocusTarget(undefined);
    const u = id ? position.units[id] : undefined;
    if (id && u) props.announce(`${unitWords(ctx, position, id) ?? id}${allowanceWords(id)}`);
  };
  /** A unit focused: its words, and as seen from the selected unit. */
  const focusWords = (id: string) => {
    const u = position.units[id];
    if (!u) return id;
    const own = unitWords(ctx, position, id) ?? id;
    if (!selected || !unit || id === selected) return own;
    return `${own}; ${relativeWords(ctx, position, selected, id) ?? ""}`;
  };
  const allowanceWords = (id: string) => {
    const u = position.units[id];
    if (!u || u.side !== seat || !movement || (u.acted !== "none" && u.acted !== "formed")) return "";
    return `; may move ${allowanceOf(ctx, u.type, false) / TICK} inches`;
  };

  /** Sets a draft from a step or typed values: a refused one settles at its legal part, the rule kept. */
  const propose = (d: MoveDraft) => {
    const p = previewMove(ctx, position, d);
    if (p && !p.check.legal && !isEmpty(d)) {
      setDraft(p.settled);
      setStopped(p.refusal);
      if (p.refusal) props.announce(p.refusal.message);
    } else {
      setDraft(d);
      setStopped(undefined);
      if (p) props.announce(`${p.used / TICK} of ${p.check.allowance / TICK} inches`);
    }
  };

  const commitMove = () => {
    if (!moving || !preview?.check.legal || isEmpty(moving)) return;
    props.perform({ type: "move", unit: moving.unit, program: programOf(moving) });
  };
  const charge = (target: string) => {
    const o = charges.reach.find((c) => c.target === target);
    if (!o || !selected) return;
    props.perform(
      o.path.turn === 0
        ? { type: "charge", unit: selected, target }
        : { type: "charge", unit: selected, target, turn: o.path.turn },
    );
  };
  const shoot = (target: string) => {
    if (selected) props.perform({ type: "shoot", unit: selected, target });
  };
  const chooseTarget = (t: string) => {
    setFocusTarget(t);
    const u = position.units[t];
    if (u) props.announce(`target ${unitWords(ctx, position, t) ?? t}`);
  };

  /** A unit pointed at (click or Enter): charge it, aim at it, shoot it, or select it. */
  const pick = (id: string | undefined) => {
    if (id && charges.reach.some((c) => c.target === id)) return charge(id);
    if (id && shooting && targets.includes(id)) return id === shotTarget ? shoot(id) : chooseTarget(id);
    if (id && shooting && selected && position.units[id]?.side !== seat) {
      const why = shotRefusal(ctx, position, selected, id);
      if (why) props.tell(why.message, "error");
      return;
    }
    if (id !== selected) select(id);
  };

  const handlers: BoardHandlers = {
    down(p) {
      if (tool === "ruler") {
        drag.current = { kind: "ruler", a: p };
        setRuler({ a: p, b: p });
        return true;
      }
      if (moving && unit && preview) {
        const r = ringRadius(unit);
        if (moving.leg !== 0 && onRing(preview.ghost, r, RING_BAND, p)) {
          drag.current = { kind: "pivot", which: "end", start: moving };
          return true;
        }
        if (onRing(unit, r, RING_BAND, p)) {
          drag.current = { kind: "pivot", which: "start", start: moving };
          return true;
        }
        if (onBase(preview.ghost, unit, p) || onBase(unit, unit, p)) {
          drag.current = { kind: "leg", start: moving, grab: p };
          return true;
        }
      }
      const at = unitAt(position, p);
      drag.current = { kind: "press", unit: at };
      return at !== undefined;
    },
    drag(p) {
      const d = drag.current;
      if (!d) return;
      if (d.kind === "ruler") setRuler({ a: d.a, b: p });
      else if (d.kind === "leg" && unit) setDraft(dragLeg(unit, d.start, d.grab, p));
      else if (d.kind === "pivot" && unit && preview) {
        const centre = d.which === "start" ? unit : preview.ghost;
        const before = d.which === "start" ? unit.facing : legPose(unit, d.start).facing;
        setDraft(dragPivot(d.start, d.which, { ...centre, facing: before }, before, p));
      }
    },
    up(p, click) {
      const d = drag.current;
      drag.current = undefined;
      if (!d) return click ? select(undefined) : undefined;
      if (d.kind === "ruler") {
        const r = measure(d.a, p);
        setRuler({ a: d.a, b: p });
        props.announce(`ruler: ${rulerWords(r)}`);
      } else if (d.kind === "press") {
        if (click) pick(d.unit);
      } else if (draft) propose(draft);
    },
    key: (e: KeyboardEvent<SVGSVGElement>) => onKey(e),
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const cmd = keyCommand(e, drafting);
    if (!cmd) return;
    const focused = (e.target as Element).getAttribute?.("data-unit-focus") ?? undefined;
    e.preventDefault();
    switch (cmd.kind) {
      case "zoom":
        return setView(zoomCentre(view, ctx.table, cmd.dir > 0 ? 1.25 : 0.8));
      case "home":
        return setView(homeView(ctx.table));
      case "pan":
        return setView(panStep(view, cmd.dx, cmd.dy));
      case "leg":
        return moving && propose(stepLeg(moving, cmd.dir));
      case "pivot":
        return moving && propose(stepPivot(moving, cmd.dir));
      case "escape":
        if (draft && !isEmpty(draft)) {
          setDraft(undefined);
          setStopped(undefined);
          return props.announce("move cancelled");
        }
        return select(undefined);
      case "enter":
        if (focused && focused !== selected) return pick(focused);
        if (moving && !isEmpty(moving)) return commitMove();
        if (shotTarget) return shoot(shotTarget);
        if (focused) return pick(focused);
    }
  };

  // Tab order: the side to act first, then the other, each in id order.
  const fights = useMemo(
    () => position.contacts.flatMap((c) => handToHandWorking(ctx, position, c) ?? []),
    [ctx, position],
  );
  const shot = useMemo(
    () => (selected && shotTarget ? shotWorking(ctx, position, selected, shotTarget) : undefined),
    [ctx, position, selected, shotTarget],
  );
  const working = useMemo(() => {
    if (shot) return shotShapes(shot);
    const c = chargeFocus ?? charges.reach[0];
    if (selected && unit && c) return chargeShapes(selected, unit, c);
    const f = fights.find((w) => w.attacker === selected || w.defender === selected) ?? fights[0];
    if (f) return { title: `${f.attacker} against ${f.defender}`, shapes: retreatShapes(f) };
    return lastWorking(ctx, props.history);
  }, [ctx, shot, selected, unit, chargeFocus, charges, fights, props.history]);

  const ghostUnit = unit && preview && moving && !isEmpty(moving) ? atPose(unit, preview.ghost) : undefined;

  const geometry = (
    <>
      <TerrainLayer ctx={ctx} />
      {grid && <GridLayer ctx={ctx} />}
      {unit && (position.phase === "shooting" || !ghostUnit) && (
        <FireShapes ctx={ctx} unit={unit} testId="field-of-fire" />
      )}
      {ghostUnit && <FireShapes ctx={ctx} unit={ghostUnit} testId="ghost-field-of-fire" faint />}
      <FocusableUnits
        ctx={ctx}
        position={position}
        selected={selected}
        onFocus={(id) => props.announce(focusWords(id))}
      />
      {position.contacts.map((c) => {
        const a = position.units[c.attacker];
        const d = position.units[c.defender];
        return a && d ? (
          <line
            key={c.attacker}
            data-contact={c.side}
            x1={a.x}
            y1={a.y}
            x2={d.x}
            y2={d.y}
            stroke="#c8231b"
            strokeWidth={TICK / 8}
            strokeDasharray={`${TICK / 3} ${TICK / 6}`}
          />
        ) : null;
      })}
      {fights.map((w) =>
        w.retreat ? (
          <g
            key={`r-${w.attacker}`}
            data-testid={`retreat-${w.attacker}`}
            data-travel={w.retreat.travel}
            pointerEvents="none"
          >
            <Ghost
              pose={w.retreat.to}
              unit={position.units[w.attacker] as never}
              refused={w.retreat.stop !== undefined}
            />
          </g>
        ) : null,
      )}
      {charges.reach.map((o) => (
        <ChargePathShape
          key={o.target}
          testId={`charge-target-${o.target}`}
          unit={unit as never}
          charge={o}
          target={position.units[o.target] as never}
          strong={o.target === (chargeFocus?.target ?? focusTarget)}
        />
      ))}
      {targets.map((t) => (
        <TargetMark
          key={t}
          testId={`shot-target-${t}`}
          unit={position.units[t] as never}
          chosen={t === shotTarget}
        />
      ))}
      {unit && preview && moving && ghostUnit && (
        <Ghost pose={preview.ghost} unit={unit} refused={preview.refusal !== undefined} />
      )}
      {unit && moving && (
        <PivotRing
          testId="pivot-handle"
          centre={unit}
          facing={unit.facing + moving.startPivot}
          radius={ringRadius(unit)}
        />
      )}
      {unit && moving && preview && moving.leg !== 0 && (
        <PivotRing
          testId="pivot-handle-end"
          centre={preview.ghost}
          facing={preview.ghost.facing}
          radius={ringRadius(unit)}
        />
      )}
      {props.refusal && (props.refusal.unit || props.refusal.point) && (
        <RefusalMark
          unit={props.refusal.unit ? position.units[props.refusal.unit] : undefined}
          point={props.refusal.point}
        />
      )}
      {showWorking && working && <WorkingShapes working={working} />}
      {ruler && <RulerShape a={ruler.a} b={ruler.b} />}
    </>
  );

  return (
    <div className="game-body hm11">
      <div className="board-wrap">
        <Toolbar
          tool={tool}
          onTool={setTool}
          grid={grid}
          onGrid={setGrid}
          working={showWorking}
          onWorking={setShowWorking}
          onZoom={(f) => setView(zoomCentre(view, ctx.table, f))}
          onHome={() => setView(homeView(ctx.table))}
          ruler={ruler ? rulerWords(measure(ruler.a, ruler.b)) : undefined}
        />
        <Board
          table={ctx.table}
          view={view}
          setView={setView}
          handlers={handlers}
          defs={<BoardDefs table={ctx.table} />}
          geometry={geometry}
          upright={
            <>
              <TerrainLabels ctx={ctx} />
              <UnitLabels ctx={ctx} position={position} />
            </>
          }
          label={`${ctx.scenario.name}: ${statusLine(ctx, position)}. Tab to a unit, Enter to select it.`}
          cursor={tool === "ruler" ? "crosshair" : "default"}
        />
      </div>
      <aside className="side-panel hm11-panel">
        <SidesKey ctx={ctx} />
        {selected && unit ? (
          <section data-testid="unit-panel" aria-label="Selected unit">
            <h3>{unitWords(ctx, position, selected)}</h3>
            {mine && movement && (
              <SquareButtons ctx={ctx} position={position} id={selected} perform={props.perform} />
            )}
          </section>
        ) : (
          <p className="hint">Click a unit, or Tab to it and press Enter.</p>
        )}
        {moving && unit && (
          <MovePanel
            draft={moving}
            preview={preview}
            stopped={stopped}
            allowance={allowanceOf(ctx, unit.type, false)}
            onDraft={propose}
            onCommit={commitMove}
            onCancel={() => {
              setDraft(undefined);
              setStopped(undefined);
            }}
          />
        )}
        {mine &&
          movement &&
          unit &&
          ctx.rules.data.unitTypes[unit.type].canCharge &&
          unit.acted === "none" && (
            <ChargePanel
              charges={charges}
              focus={focusTarget}
              onFocus={setFocusTarget}
              onCharge={(o) => charge(o.target)}
            />
          )}
        {shooting && selected && (
          <ShotPanel
            shooter={selected}
            working={shot}
            targets={targets}
            target={shotTarget}
            refusal={targets.length === 0 ? firstShotRefusal(ctx, position, selected) : undefined}
            onTarget={chooseTarget}
            onShoot={() => shotTarget && shoot(shotTarget)}
          />
        )}
        <FightPanel fights={fights} />
        {showWorking && working && <WorkingList working={working} />}
        {props.aside}
      </aside>
    </div>
  );
}
