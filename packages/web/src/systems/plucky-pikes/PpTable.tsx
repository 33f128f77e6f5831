import {
  type Action,
  type MoveOp,
  pluckyPikesSystem,
  statusLine,
  traitsOf,
  type UnitState,
  unitPolygon,
} from "@tercio/plucky-pikes";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { Board, type BoardHandlers } from "../tabletop/Board.js";
import { homeView, type Point, panStep, TICK, zoomCentre } from "../tabletop/frame.js";
import { measure, rulerWords } from "../tabletop/ruler.js";
import { engagesOf, formationsFor, officerJoinsOf, stepChoices } from "./choices.js";
import { dragOp, type Grip, gripAt, type MoveDraft, previewMove, stepPose, withTeamPlaced } from "./draft.js";
import { inside, teamAt, unitAt } from "./hit-test.js";
import {
  DeclaredFire,
  Defs,
  EngagePath,
  Ghost,
  Labels,
  LINE,
  Melees,
  Officers,
  PivotGrips,
  Terrain,
  Units,
} from "./Layers.js";
import { Panel } from "./Panel.js";
import { GhostTeam, TeamLabels, TeamReach, Teams } from "./Teams.js";
import type { Props } from "./table-props.js";
import { teamLabel, teamPlaceWords } from "./team-words.js";
import { unitLine } from "./words.js";

type Drag =
  | { kind: "grip"; grip: Grip; from: Point }
  | { kind: "ruler"; a: Point }
  | { kind: "press"; unit: string | undefined; team: string | undefined }
  | { kind: "place" };

const labelSize = (viewWidth: number) => Math.round(Math.max(TICK * 0.6, viewWidth / 90));

/** 001's table: the board, its tools and its side panel. Every rule answer comes from the engine. */
export function PpTable(props: Props) {
  const { ctx, position, seat } = props;
  const [view, setView] = useState(() => homeView(ctx.table));
  const [selected, setSelected] = useState<string | undefined>();
  const [program, setProgram] = useState<readonly MoveOp[]>([]);
  const [live, setLive] = useState<MoveOp | undefined>();
  const [run, setRun] = useState(false);
  const [engageTarget, setEngageTarget] = useState<string | undefined>();
  /** Placing the selected gun's horse team: the next click on the table is where its model stands. */
  const [placing, setPlacing] = useState(false);
  const [rulerOn, setRulerOn] = useState(false);
  const [clocks, setClocks] = useState(true);
  const [ruler, setRuler] = useState<{ a: Point; b: Point } | undefined>();
  const drag = useRef<Drag | undefined>(undefined);

  const mineToAct = seat !== undefined && position.toMove === seat && position.result === undefined;
  // Fire declarations and counter-roll answers open to this screen's seat now (legalActions'), and its officers' joins.
  const legal = useMemo(() => (mineToAct ? stepChoices(ctx, position) : []), [ctx, position, mineToAct]);
  const joins = useMemo(() => (mineToAct ? officerJoinsOf(ctx, position) : []), [ctx, position, mineToAct]);
  const moving =
    mineToAct && !position.reaction && (position.part === "move-1" || position.part === "move-2");
  const firing =
    mineToAct && !position.reaction && (position.part === "fire-1" || position.part === "fire-2");

  const unit = selected ? position.units[selected] : undefined;
  const canMove = moving && unit !== undefined && unit.side === seat && !unit.moved && !unit.gone;

  // A new position (an action taken, undone, or the other side's) ends what was being drawn.
  useEffect(() => {
    setProgram([]);
    setLive(undefined);
    setRun(false);
    setEngageTarget(undefined);
    setPlacing(false);
    setSelected((s) => (s && position.units[s] && !position.units[s]?.gone ? s : undefined));
  }, [position]);

  const ops = useMemo(() => (live ? [...program, live] : program), [program, live]);
  const preview = useMemo(
    () => (canMove && selected ? previewMove(ctx, position, selected, ops, run) : undefined),
    [ctx, position, canMove, selected, ops, run],
  );
  /** Where the next activity starts: the unit after the activities set. */
  const base = useMemo(() => {
    if (!canMove || !selected || !unit) return undefined;
    return program.reduce<UnitState>((u, op) => stepPose(ctx, selected, u, op), unit);
  }, [ctx, canMove, selected, unit, program]);
  /** The selected gun's team may be placed: the gun unlimbered (after the activities set), its team not lost. */
  const canPlaceTeam =
    base !== undefined &&
    selected !== undefined &&
    traitsOf(ctx, selected).arm === "guns" &&
    base.formation === "unlimbered" &&
    (base.team?.points ?? 0) > 0;
  const placingTeam = placing && canPlaceTeam;

  const engages = useMemo(
    () => (canMove && selected ? engagesOf(ctx, position, selected) : []),
    [ctx, position, canMove, selected],
  );
  const formations = useMemo(
    () => (canMove && selected ? formationsFor(ctx, position, selected) : []),
    [ctx, position, canMove, selected],
  );
  /** The targets an engagement reaches (the engine's own, played with no die shown), and those only a short charge is open against. */
  const shortOf = useMemo(() => {
    const reached = new Set<string>();
    for (const a of engages) {
      const step = pluckyPikesSystem.apply(ctx, position, a);
      if (step.ok && step.value.events.some((e) => e.type === "engaged")) reached.add(a.target);
    }
    return new Set(engages.map((a) => a.target).filter((t) => !reached.has(t)));
  }, [ctx, position, engages]);
  const fireOptions = useMemo(
    () =>
      legal.filter((a): a is Extract<Action, { type: "fire" }> => a.type === "fire" && a.unit === selected),
    [legal, selected],
  );
  const engagePreview = useMemo(() => {
    if (!selected || !engageTarget) return undefined;
    const a =
      engages.find((e) => e.target === engageTarget && !e.charge) ??
      engages.find((e) => e.target === engageTarget);
    if (!a) return undefined;
    // The contact pose, from the engine's own engagement (the die it may roll for the target's counter roll is not shown).
    const step = pluckyPikesSystem.apply(ctx, position, a);
    return step.ok ? step.value.position.units[selected] : undefined;
  }, [ctx, position, selected, engageTarget, engages]);

  const marked = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of fireOptions) if (!a.team) m.set(a.target, "fire-target");
    for (const a of engages) if (!shortOf.has(a.target)) m.set(a.target, "engage-target");
    return m;
  }, [fireOptions, engages, shortOf]);
  /** The guns whose horse teams the selected unit may fire at. */
  const teamTargets = useMemo(
    () => new Set(fireOptions.filter((a) => a.team).map((a) => a.target)),
    [fireOptions],
  );

  const located = useMemo(() => new Set(props.located?.where ?? []), [props.located]);

  const clearDraft = () => {
    setProgram([]);
    setLive(undefined);
    setRun(false);
    setPlacing(false);
  };

  const select = (id: string | undefined) => {
    setSelected(id);
    clearDraft();
    setEngageTarget(undefined);
    if (id && position.units[id]) props.announce(unitLine(ctx, position, id));
  };

  /** A unit pointed at (click or Enter): an engagement's target, a fire target, or a unit to select. */
  const pick = (id: string | undefined) => {
    if (!id) return select(undefined);
    if (selected && id !== selected) {
      if (engages.some((a) => a.target === id) && !shortOf.has(id)) {
        setEngageTarget(id);
        return props.announce(`${selected} may engage ${id}: charge or advance into contact in the panel`);
      }
      const at = fireOptions.filter((a) => a.target === id && !a.team);
      const shot = at.find((a) => !a.hailshot) ?? at[0];
      if (shot) return void props.perform(shot);
    }
    if (id !== selected) select(id);
  };

  /** A gun's horse team pointed at: the selected unit fires at it if it may (Artillery), else its gun is selected. */
  const pickTeam = (gun: string) => {
    if (selected && selected !== gun) {
      const at = fireOptions.filter((a) => a.target === gun && a.team);
      const shot = at.find((a) => !a.hailshot) ?? at[0];
      if (shot) return void props.perform(shot);
    }
    if (gun !== selected) select(gun);
    const u = position.units[gun];
    if (u) props.announce(teamLabel(ctx, gun, u));
  };

  /** The selected gun's team placed at `p` (the move drawn gains the placement; the engine judges it). */
  const placeTeamAt = (p: Point) => {
    if (!selected || !base) return;
    setPlacing(false);
    setProgram(withTeamPlaced(program, p));
    props.announce(`horse team to be placed ${teamPlaceWords(base, p)}; Move to place it`);
  };

  const key = (e: KeyboardEvent<SVGSVGElement>) => {
    const k = e.key;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (k === "m" || k === "M") {
      e.preventDefault();
      setRulerOn((on) => {
        props.announce(`ruler ${on ? "off" : "on"}`);
        return !on;
      });
    } else if (k === "u" || k === "U") {
      e.preventDefault();
      setClocks((on) => {
        props.announce(`URT clocks ${on ? "hidden" : "shown"}`);
        return !on;
      });
    } else if (k === "+" || k === "=") setView(zoomCentre(view, ctx.table, 1.25));
    else if (k === "-") setView(zoomCentre(view, ctx.table, 0.8));
    else if (k === "0") setView(homeView(ctx.table));
    else if (k === "Escape") {
      clearDraft();
      setEngageTarget(undefined);
      setRuler(undefined);
    } else if (k === "Backspace" && program.length > 0) {
      e.preventDefault();
      setProgram(program.slice(0, -1));
    } else if (k.startsWith("Arrow")) {
      e.preventDefault();
      const dx = k === "ArrowLeft" ? -1 : k === "ArrowRight" ? 1 : 0;
      const dy = k === "ArrowUp" ? -1 : k === "ArrowDown" ? 1 : 0;
      setView(panStep(view, dx, dy));
    }
  };

  const handlers: BoardHandlers = {
    down(p) {
      if (rulerOn) {
        drag.current = { kind: "ruler", a: p };
        setRuler({ a: p, b: p });
        return true;
      }
      if (placingTeam) {
        drag.current = { kind: "place" };
        return true;
      }
      if (canMove && base && selected) {
        const grip = gripAt(ctx, selected, base, p, TICK * 0.6, inside(unitPolygon(ctx, selected, base), p));
        if (grip) {
          drag.current = { kind: "grip", grip, from: p };
          return true;
        }
      }
      // Teams are drawn over the units: a press on one is on the team.
      const team = teamAt(ctx, position, p);
      const at = team ? undefined : unitAt(ctx, position, p);
      drag.current = { kind: "press", unit: at, team };
      return at !== undefined || team !== undefined;
    },
    drag(p) {
      const d = drag.current;
      if (!d) return;
      if (d.kind === "ruler") setRuler({ a: d.a, b: p });
      else if (d.kind === "grip" && base && selected) setLive(dragOp(ctx, selected, base, d.grip, d.from, p));
    },
    up(p, click) {
      const d = drag.current;
      drag.current = undefined;
      if (!d) return click ? select(undefined) : undefined;
      if (d.kind === "ruler") {
        setRuler({ a: d.a, b: p });
        props.announce(`ruler: ${rulerWords(measure(d.a, p))}`);
      } else if (d.kind === "place") {
        placeTeamAt(p);
      } else if (d.kind === "press") {
        if (click) return d.team ? pickTeam(d.team) : pick(d.unit);
      } else if (click) {
        setLive(undefined);
        if (d.grip.kind === "advance" && selected) pick(selected);
      } else if (live) {
        setProgram([...program, live]);
        setLive(undefined);
      }
    },
    key,
  };

  const size = labelSize(view.w);
  const draft: MoveDraft = { program, ops, setProgram, run, setRun, preview };
  return (
    <div className="game-body hm11 pp">
      <div className="board-wrap">
        <div className="zoom-buttons hm11-toolbar" role="toolbar" aria-label="Table tools">
          <button
            type="button"
            data-testid="ruler-tool"
            aria-pressed={rulerOn}
            aria-keyshortcuts="M"
            title="Ruler (M)"
            onClick={() => setRulerOn(!rulerOn)}
          >
            Ruler
          </button>
          <button
            type="button"
            data-testid="toggle-clocks"
            aria-pressed={clocks}
            aria-keyshortcuts="U"
            title="URT clocks (U)"
            onClick={() => setClocks(!clocks)}
          >
            URT clocks
          </button>
          <button
            type="button"
            data-testid="zoom-in"
            aria-label="Zoom in"
            onClick={() => setView(zoomCentre(view, ctx.table, 1.25))}
          >
            +
          </button>
          <button
            type="button"
            data-testid="zoom-out"
            aria-label="Zoom out"
            onClick={() => setView(zoomCentre(view, ctx.table, 0.8))}
          >
            −
          </button>
          <button
            type="button"
            data-testid="zoom-home"
            aria-label="Whole table"
            onClick={() => setView(homeView(ctx.table))}
          >
            ⌂
          </button>
          <span data-testid="ruler-readout" className="hm11-ruler-readout" aria-live="polite">
            {ruler ? rulerWords(measure(ruler.a, ruler.b)) : ""}
          </span>
        </div>
        <Board
          table={ctx.table}
          view={view}
          setView={setView}
          handlers={handlers}
          defs={<Defs />}
          geometry={
            <>
              <Terrain ctx={ctx} />
              <Units
                ctx={ctx}
                position={position}
                selected={selected}
                marked={marked}
                located={located}
                reacting={position.reaction?.unit}
                words={(id) => unitLine(ctx, position, id)}
                onFocus={(id) => props.announce(unitLine(ctx, position, id))}
                onEnter={pick}
              />
              <Teams
                ctx={ctx}
                position={position}
                selected={selected}
                targets={teamTargets}
                words={(id) => {
                  const u = position.units[id];
                  return u ? teamLabel(ctx, id, u) : id;
                }}
                onFocus={(id) => {
                  const u = position.units[id];
                  if (u) props.announce(teamLabel(ctx, id, u));
                }}
                onEnter={pickTeam}
              />
              <Officers ctx={ctx} position={position} />
              <Melees ctx={ctx} position={position} />
              <DeclaredFire ctx={ctx} position={position} />
              {unit && selected && engageTarget && engagePreview && (
                <EngagePath ctx={ctx} id={selected} from={unit} to={engagePreview} target={engageTarget} />
              )}
              {selected && preview && (
                <Ghost
                  ctx={ctx}
                  id={selected}
                  ghost={preview.ghost}
                  legal={preview.legal}
                  hinge={preview.hinge}
                />
              )}
              {selected && preview && ops.some((op) => op.op === "team" || op.op === "unlimber") && (
                <GhostTeam ctx={ctx} ghost={preview.ghost} legal={preview.legal} />
              )}
              {placingTeam && base && <TeamReach ctx={ctx} gun={base} />}
              {canMove &&
                selected &&
                base &&
                base.formation !== "hedgehog" &&
                base.formation !== "skirmish" &&
                base.formation !== "unlimbered" && <PivotGrips ctx={ctx} id={selected} u={base} />}
              {ruler && (
                <line
                  data-testid="ruler"
                  x1={ruler.a.x}
                  y1={ruler.a.y}
                  x2={ruler.b.x}
                  y2={ruler.b.y}
                  stroke="#111"
                  strokeWidth={LINE * 2}
                  strokeDasharray={`${LINE * 6} ${LINE * 2}`}
                />
              )}
            </>
          }
          upright={
            <>
              <Labels ctx={ctx} position={position} size={size} clocks={clocks} />
              <TeamLabels ctx={ctx} position={position} size={size} />
            </>
          }
          label={`${ctx.scenario.name}: ${statusLine(ctx, position)}. Tab to a unit, Enter to select it; after the units, the guns' horse teams (Enter fires at one when the selected unit may). Keys: M ruler, U URT clocks, + − 0 zoom, arrows pan, Escape clears the move drawn, Backspace takes off its last activity.`}
          cursor={rulerOn || placingTeam ? "crosshair" : "default"}
        />
      </div>
      <Panel
        props={props}
        legal={legal}
        joins={joins}
        formations={formations}
        selected={selected}
        unit={unit}
        canMove={canMove}
        moving={moving}
        firing={firing}
        draft={draft}
        engages={engages}
        shortOf={shortOf}
        engageTarget={engageTarget}
        onEngageTarget={setEngageTarget}
        fireOptions={fireOptions}
        onSelect={select}
        placingTeam={placingTeam}
        onPlacingTeam={setPlacing}
      />
    </div>
  );
}
