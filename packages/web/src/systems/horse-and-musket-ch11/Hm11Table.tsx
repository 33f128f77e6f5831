import {
  allowanceOf,
  chargeWorkingAt,
  handToHandWorking,
  relativeWords,
  shotRefusal,
  shotWorking,
  statusLine,
  unitWords,
} from "@tercio/horse-and-musket-ch11";
import { useEffect, useMemo, useRef, useState } from "react";
import { Board, type BoardHandlers } from "../tabletop/Board.js";
import { homeView, type Point, TICK, zoomCentre } from "../tabletop/frame.js";
import { measure, rulerWords } from "../tabletop/ruler.js";
import { type ChargeAim, dragAim, turnWords } from "./charge-aim.js";
import { aimRadius, onRing, unitAt } from "./hit-test.js";
import { lastWorking } from "./last-working.js";
import { BoardDefs } from "./Patterns.js";
import { recordedWorking } from "./recorded-working.js";
import { type RulerState, rulerStart } from "./ruler-keys.js";
import { SidePanel } from "./SidePanel.js";
import { TableGeometry } from "./TableGeometry.js";
import { TerrainLabels } from "./TerrainLayer.js";
import { Toolbar } from "./Toolbar.js";
import { tableKey } from "./table-keys.js";
import type { Props, Tool } from "./table-props.js";
import { chargeOptions, shotTargets } from "./targets.js";
import { UnitLabels } from "./UnitLayer.js";
import { type MoveDrag, RING_BAND, useMoveDraft } from "./useMoveDraft.js";
import { chargeShapes, retreatShapes, shotShapes } from "./working.js";

/** A drag the table owns (the board pans by itself otherwise). */
type Drag =
  | MoveDrag
  | { kind: "aim"; aim: ChargeAim }
  | { kind: "ruler"; a: Point }
  | { kind: "press"; unit: string | undefined };

/** Labels of about 12 px on a board about 900 px wide whatever the zoom, and never under ¾". */
const labelSize = (viewWidth: number) => Math.round(Math.max(TICK * 0.75, viewWidth / 80));

/** Chapter 11's table: the board, its tools and its side panel. Every rule answer comes from the engine. */
export function Hm11Table(props: Props) {
  const { ctx, position, seat } = props;
  const [view, setView] = useState(() => homeView(ctx.table));
  const [selected, setSelected] = useState<string | undefined>();
  const [focusTarget, setFocusTarget] = useState<string | undefined>();
  const [aim, setAim] = useState<ChargeAim | undefined>();
  const [tool, setTool] = useState<Tool>("select");
  const [grid, setGrid] = useState(false);
  const [showWorking, setShowWorking] = useState(false);
  const [ruler, setRuler] = useState<RulerState>(() => rulerStart(ctx.table));
  const drag = useRef<Drag | undefined>(undefined);

  const unit = selected ? position.units[selected] : undefined;
  const mine = seat !== undefined && position.toMove === seat && unit?.side === seat;
  const movement = position.phase === "movement";
  const canMove =
    mine &&
    movement &&
    unit !== undefined &&
    unit.formation !== "square" &&
    (unit.acted === "none" || unit.acted === "formed");
  const move = useMoveDraft(props, selected, unit, canMove);

  // A new position (an action taken, undone, or the other side's) ends the move being drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new position resets the drawing
  useEffect(() => {
    move.reset();
    setFocusTarget(undefined);
    setAim(undefined);
    setSelected((s) => (s && position.units[s] ? s : undefined));
  }, [position]);

  const charges = useMemo(
    () =>
      mine && movement && selected && unit?.acted === "none"
        ? chargeOptions(ctx, position, selected)
        : { reach: [], refused: [] },
    [ctx, position, mine, movement, selected, unit?.acted],
  );
  /** Every enemy chargeWorking lists (reached or not at the engine's aim) may be aimed at with a turn of one's own. */
  const aimable = useMemo(
    () => new Set([...charges.reach, ...charges.refused].map((c) => c.target)),
    [charges],
  );
  const canAim = (t: string | undefined) => t !== undefined && aimable.has(t);
  /** The charge at the turn the player chose, from chargeWorkingAt. */
  const aimed = useMemo(
    () =>
      aim && selected && aimable.has(aim.target)
        ? chargeWorkingAt(ctx, position, selected, aim.target, aim.turn)
        : undefined,
    [ctx, position, selected, aim, aimable],
  );
  const shooting = mine && position.phase === "shooting" && selected !== undefined;
  const targets = useMemo(
    () => (shooting && selected ? shotTargets(ctx, position, selected) : []),
    [ctx, position, shooting, selected],
  );
  const shotTarget = focusTarget && targets.includes(focusTarget) ? focusTarget : undefined;
  const chargeFocus = charges.reach.find((c) => c.target === focusTarget);

  const allowanceWords = (id: string) => {
    const u = position.units[id];
    if (!u || u.side !== seat || !movement || (u.acted !== "none" && u.acted !== "formed")) return "";
    return `; may move ${allowanceOf(ctx, u.type, false) / TICK} inches`;
  };
  const select = (id: string | undefined) => {
    setSelected(id);
    move.reset();
    setFocusTarget(undefined);
    setAim(undefined);
    if (id && position.units[id])
      props.announce(`${unitWords(ctx, position, id) ?? id}${allowanceWords(id)}`);
  };
  /** A unit focused: its words, and as seen from the selected unit; a charge target is aimed at. */
  const onFocusUnit = (id: string) => {
    const own = unitWords(ctx, position, id) ?? id;
    if (!selected || !unit || id === selected) return props.announce(own);
    if (canAim(id)) startAim(id, true);
    else props.announce(`${own}; ${relativeWords(ctx, position, selected, id) ?? ""}`);
  };

  /** Aims at a target from the engine's own turn (or a given one), and says what that turn reaches. */
  const startAim = (target: string, words = false, turn?: number) => {
    const reach = charges.reach.find((c) => c.target === target);
    const refused = charges.refused.find((c) => c.target === target);
    const kept = aim?.target === target ? aim.turn : undefined;
    const next = { target, turn: turn ?? kept ?? reach?.path.turn ?? refused?.turn ?? 0 };
    setAim(next);
    setFocusTarget(target);
    if (words) announceAim(next);
  };
  const announceAim = (a: ChargeAim) => {
    if (!selected) return;
    const o = chargeWorkingAt(ctx, position, selected, a.target, a.turn);
    const own = unitWords(ctx, position, a.target) ?? a.target;
    if (!o) return;
    props.announce(
      o.ok
        ? `charge ${own}: turn ${turnWords(a.turn)}, ${o.path.text}, into its ${o.side}`
        : `charge ${own}: turn ${turnWords(a.turn)}: ${o.refusal.message}`,
    );
  };
  const setAimTurn = (a: ChargeAim) => {
    setAim(a);
    setFocusTarget(a.target);
    announceAim(a);
  };

  const charge = (target: string) => {
    if (!selected) return;
    const turn =
      aim?.target === target ? aim.turn : (charges.reach.find((c) => c.target === target)?.path.turn ?? 0);
    props.perform({ type: "charge", unit: selected, target, turn });
  };
  const shoot = (target: string) => {
    if (selected) props.perform({ type: "shoot", unit: selected, target });
  };
  const chooseTarget = (t: string) => {
    setFocusTarget(t);
    if (position.units[t]) props.announce(`target ${unitWords(ctx, position, t) ?? t}`);
  };

  /** A unit pointed at (click or Enter): charge it, aim at it, shoot it, or select it. */
  const pick = (id: string | undefined) => {
    if (id && aim?.target === id && aimed?.ok) return charge(id);
    if (id && !aim && charges.reach.some((c) => c.target === id)) return charge(id);
    if (id && canAim(id)) return startAim(id, true);
    if (id && shooting && targets.includes(id)) return id === shotTarget ? shoot(id) : chooseTarget(id);
    if (id && shooting && selected && position.units[id]?.side !== seat) {
      const why = shotRefusal(ctx, position, selected, id);
      if (why) props.tell(why.message, "error");
      return;
    }
    if (id !== selected) select(id);
  };

  const limit = ctx.rules.data.chargeTurnLimit;
  const handlers: BoardHandlers = {
    down(p) {
      if (tool === "ruler") {
        drag.current = { kind: "ruler", a: p };
        setRuler((r) => ({ ...r, cursor: p, ruler: { a: p, b: p }, open: false }));
        return true;
      }
      if (unit && aim && onRing(unit, aimRadius(unit), RING_BAND, p)) {
        drag.current = { kind: "aim", aim };
        return true;
      }
      const m = move.grab(p);
      if (m) {
        drag.current = m;
        return true;
      }
      const at = unitAt(position, p);
      drag.current = { kind: "press", unit: at };
      return at !== undefined;
    },
    drag(p) {
      const d = drag.current;
      if (!d) return;
      if (d.kind === "ruler") setRuler((r) => ({ ...r, cursor: p, ruler: { a: d.a, b: p } }));
      else if (d.kind === "aim" && unit) setAim(dragAim(d.aim, unit, limit, p));
      else if (d.kind === "leg" || d.kind === "road" || d.kind === "pivot") move.drag(d, p);
    },
    up(p, click) {
      const d = drag.current;
      drag.current = undefined;
      if (!d) return click ? select(undefined) : undefined;
      if (d.kind === "ruler") {
        setRuler((r) => ({ ...r, cursor: p, ruler: { a: d.a, b: p } }));
        props.announce(`ruler: ${rulerWords(measure(d.a, p))}`);
      } else if (d.kind === "press") {
        if (click) pick(d.unit);
      } else if (d.kind === "aim") {
        if (aim) announceAim(aim);
      } else move.release();
    },
    key: (e) =>
      tableKey(e, {
        ctx,
        tool,
        view,
        setView,
        ruler,
        setRuler,
        announce: props.announce,
        move,
        selected,
        aim,
        canAim,
        setAimTurn,
        limit,
        pick,
        select,
        shotTarget,
        shoot,
      }),
  };

  const fights = useMemo(
    () => position.contacts.flatMap((c) => handToHandWorking(ctx, position, c) ?? []),
    [ctx, position],
  );
  const shot = useMemo(
    () => (selected && shotTarget ? shotWorking(ctx, position, selected, shotTarget) : undefined),
    [ctx, position, selected, shotTarget],
  );
  const last = useMemo(
    () => lastWorking(ctx, props.previous, props.history) ?? recordedWorking(ctx, props.history),
    [ctx, props.previous, props.history],
  );
  const working = useMemo(() => {
    if (shot) return shotShapes(shot);
    const c = aimed?.ok ? aimed : (chargeFocus ?? charges.reach[0]);
    if (selected && unit && c) return chargeShapes(selected, unit, c);
    const f = fights.find((w) => w.attacker === selected || w.defender === selected) ?? fights[0];
    if (f) return { title: `${f.attacker} against ${f.defender}`, shapes: retreatShapes(f) };
    return undefined;
  }, [shot, selected, unit, aimed, chargeFocus, charges, fights]);

  return (
    <div className="game-body hm11">
      <div className="board-wrap">
        <Toolbar
          tool={tool}
          onTool={(t) => {
            setTool(t);
            if (t === "ruler") setRuler((r) => ({ ...r, cursor: unit ?? r.cursor }));
          }}
          grid={grid}
          onGrid={setGrid}
          working={showWorking}
          onWorking={setShowWorking}
          onZoom={(f) => setView(zoomCentre(view, ctx.table, f))}
          onHome={() => setView(homeView(ctx.table))}
          ruler={ruler.ruler ? rulerWords(measure(ruler.ruler.a, ruler.ruler.b)) : undefined}
        />
        <Board
          table={ctx.table}
          view={view}
          setView={setView}
          handlers={handlers}
          defs={<BoardDefs table={ctx.table} />}
          geometry={
            <TableGeometry
              props={props}
              grid={grid}
              selected={selected}
              unit={unit}
              move={move}
              charges={charges}
              aim={aim}
              aimed={aimed}
              focusTarget={chargeFocus?.target ?? focusTarget}
              targets={targets}
              shotTarget={shotTarget}
              fights={fights}
              working={showWorking ? (working ?? last) : undefined}
              ruler={ruler}
              rulerTool={tool === "ruler"}
              onFocusUnit={onFocusUnit}
            />
          }
          upright={
            <>
              <TerrainLabels ctx={ctx} />
              <UnitLabels ctx={ctx} position={position} size={labelSize(view.w)} />
            </>
          }
          label={`${ctx.scenario.name}: ${statusLine(ctx, position)}. Tab to a unit, Enter to select it.${tool === "ruler" ? " Ruler: arrows move the cursor (Shift: an inch), Enter sets each end." : ""}`}
          cursor={tool === "ruler" ? "crosshair" : "default"}
        />
      </div>
      <SidePanel
        props={props}
        selected={selected}
        unit={unit}
        mine={mine}
        move={move}
        charges={charges}
        aim={aim}
        aimed={aimed}
        onAim={(target, turn) => (turn === undefined ? startAim(target) : setAimTurn({ target, turn }))}
        onCharge={charge}
        focusTarget={focusTarget}
        shooting={shooting}
        shot={shot}
        targets={targets}
        shotTarget={shotTarget}
        onTarget={chooseTarget}
        onShoot={() => shotTarget && shoot(shotTarget)}
        fights={fights}
        working={showWorking ? working : undefined}
        last={showWorking ? last : undefined}
      />
    </div>
  );
}
