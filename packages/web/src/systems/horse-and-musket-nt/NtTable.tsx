import {
  type ChargePlan,
  chargePlan,
  charges,
  hitsByFace,
  PreviewJudge,
  planShot,
  priorityTargets,
  type SightWorking,
  sightWorking,
  statusLine,
  type UnitSide,
  type UnitState,
  unitFrontCentre,
  unitPolygon,
} from "@tercio/horse-and-musket-nt";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { Board, type BoardHandlers } from "../tabletop/Board.js";
import { homeView, type Point, panStep, TICK, zoomCentre } from "../tabletop/frame.js";
import { measure, rulerWords } from "../tabletop/ruler.js";
import { dragOp, type Grip, gripAt } from "./draft.js";
import { inside, unitAt } from "./hit-test.js";
import {
  ChargePath,
  Ghost,
  MeterLabels,
  Overlays,
  Ruler,
  Sight,
  Terrain,
  UnitLabels,
  Units,
} from "./Layers.js";
import { Panel } from "./Panel.js";
import type { RulerState } from "./ruler-state.js";
import { NtToolbar, type Toggles } from "./Toolbar.js";
import type { Props } from "./table-props.js";
import { useDraft } from "./useDraft.js";
import { unitLine } from "./words.js";

type Drag =
  | { kind: "grip"; grip: Grip; from: Point }
  | { kind: "ruler"; a: Point }
  | { kind: "press"; unit: string | undefined };

const labelSize = (viewWidth: number) => Math.round(Math.max(TICK * 0.75, viewWidth / 80));

/** 003's table: the board, its tools and its side panel. Every rule answer comes from the engine. */
export function NtTable(props: Props) {
  const { ctx, position, seat } = props;
  const [view, setView] = useState(() => homeView(ctx.table));
  const [selected, setSelected] = useState<string | undefined>();
  const [toggles, setToggles] = useState<Toggles>({
    ruler: false,
    threats: false,
    protect: false,
    sight: false,
    ranges: false,
  });
  const [road, setRoad] = useState(false);
  const [ruler, setRuler] = useState<RulerState>();
  const [shotTarget, setShotTarget] = useState<string | undefined>();
  const [sightTarget, setSightTarget] = useState<string | undefined>();
  const [sightSide, setSightSide] = useState<UnitSide | undefined>();
  const drag = useRef<Drag | undefined>(undefined);

  const unit = selected ? position.units[selected] : undefined;
  const mine = seat !== undefined && position.toMove === seat && unit?.side === seat;
  const actions = position.phase === "actions";
  const rolled = mine && actions && unit?.acted === "rolled";
  const draft = useDraft(ctx, position, selected, rolled ? unit : undefined);

  // A new position (an action taken, undone, or the other side's) ends what was being drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new position resets the drawing
  useEffect(() => {
    draft.setProgram([]);
    draft.setLive(undefined);
    setShotTarget(undefined);
    setSelected((s) => (s && position.units[s] ? s : undefined));
    setSightTarget((s) => (s && position.units[s] ? s : undefined));
  }, [position]);

  const canFire = mine && actions && unit?.acted === "none";
  /** 1.1 A: the priority target(s); the player names one where they tie. */
  const fireTargets = useMemo(
    () =>
      canFire && selected
        ? priorityTargets(ctx, position, selected, new PreviewJudge(position.settled)).map((t) => t.id)
        : [],
    [ctx, position, canFire, selected],
  );
  const shot = useMemo(() => {
    if (!canFire || !selected || fireTargets.length === 0) return undefined;
    const chosen = fireTargets.length === 1 ? undefined : shotTarget;
    const plan = planShot(ctx, position, selected, chosen, new PreviewJudge(position.settled));
    if (!plan.ok) return { error: plan.error.message };
    if (!plan.value) return undefined;
    return { plan: plan.value, faces: hitsByFace(ctx, plan.value) };
  }, [ctx, position, canFire, selected, fireTargets, shotTarget]);

  const canCharge = rolled && selected !== undefined && unit !== undefined && charges(ctx, selected, unit);
  const chargePlans = useMemo(() => {
    const out = new Map<string, ChargePlan | string>();
    if (!canCharge || !selected) return out;
    for (const id of Object.keys(position.units).sort())
      if (position.units[id]?.side !== seat) {
        const p = chargePlan(ctx, position, selected, id, new PreviewJudge(position.settled));
        out.set(id, p.ok ? p.value : p.error.message);
      }
    return out;
  }, [ctx, position, canCharge, selected, seat]);
  const reachable = [...chargePlans.entries()].filter(
    (e): e is [string, ChargePlan] => typeof e[1] !== "string",
  );

  const sight: SightWorking | undefined = useMemo(
    () =>
      toggles.sight && selected && sightTarget && sightTarget !== selected
        ? sightWorking(ctx, position, selected, sightTarget, sightSide)
        : undefined,
    [ctx, position, toggles.sight, selected, sightTarget, sightSide],
  );

  const marked = useMemo(() => {
    const m = new Map<string, string>();
    for (const t of fireTargets) m.set(t, "fire-target");
    for (const [t] of reachable) m.set(t, "charge-target");
    return m;
  }, [fireTargets, reachable]);

  const located = useMemo(() => new Set(props.located?.where ?? []), [props.located]);

  const select = (id: string | undefined) => {
    setSelected(id);
    draft.setProgram([]);
    draft.setLive(undefined);
    setShotTarget(undefined);
    if (id && position.units[id]) props.announce(unitLine(ctx, position, id));
  };

  /** A unit pointed at (click or Enter): sight to it, charge it, fire at it, or select it. */
  const pick = (id: string | undefined) => {
    if (!id) return select(undefined);
    const enemy = seat !== undefined && position.units[id]?.side !== seat;
    if (selected && id !== selected && toggles.sight) {
      setSightTarget(id);
      setSightSide(undefined);
      return;
    }
    if (selected && enemy && canCharge) {
      const p = chargePlans.get(id);
      if (p && typeof p !== "string")
        return void props.perform({ type: "charge", unit: selected, target: id });
      if (typeof p === "string") return props.tell(p, "error");
    }
    if (selected && enemy && canFire) {
      if (fireTargets.includes(id)) {
        if (fireTargets.length === 1 || shotTarget === id)
          return void props.perform({
            type: "fire",
            unit: selected,
            ...(fireTargets.length > 1 ? { target: id } : {}),
          });
        setShotTarget(id);
        return props.announce(`target ${id}: click again or press Fire`);
      }
      const p = planShot(ctx, position, selected, id, new PreviewJudge(position.settled));
      if (!p.ok) return props.tell(p.error.message, "error");
      if (!p.value)
        return props.tell(`003 1.1 Fire: ${selected} has no target in Line of Sight and Range`, "error");
    }
    if (id !== selected) select(id);
  };

  const toggle = (k: keyof Toggles) =>
    setToggles((t) => {
      const on = !t[k];
      props.announce(
        `${k === "protect" ? "protected sides" : k === "sight" ? "line of sight" : k} ${on ? "on" : "off"}`,
      );
      return { ...t, [k]: on };
    });

  const key = (e: KeyboardEvent<SVGSVGElement>) => {
    const k = e.key;
    const hot: Record<string, keyof Toggles> = {
      t: "threats",
      p: "protect",
      l: "sight",
      m: "ruler",
      g: "ranges",
    };
    if (hot[k.toLowerCase()] && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      toggle(hot[k.toLowerCase()] as keyof Toggles);
    } else if (k === "+" || k === "=") setView(zoomCentre(view, ctx.table, 1.25));
    else if (k === "-") setView(zoomCentre(view, ctx.table, 0.8));
    else if (k === "0") setView(homeView(ctx.table));
    else if (k === "Escape") {
      draft.setProgram([]);
      draft.setLive(undefined);
      setRuler(undefined);
    } else if (k.startsWith("Arrow")) {
      e.preventDefault();
      const dx = k === "ArrowLeft" ? -1 : k === "ArrowRight" ? 1 : 0;
      const dy = k === "ArrowUp" ? -1 : k === "ArrowDown" ? 1 : 0;
      setView(panStep(view, dx, dy));
    }
  };

  const handlers: BoardHandlers = {
    down(p) {
      if (toggles.ruler) {
        drag.current = { kind: "ruler", a: p };
        setRuler({ a: p, b: p });
        return true;
      }
      if (rolled && draft.base) {
        const grip = gripAt(ctx, draft.base, p, TICK * 0.9, inside(unitPolygon(ctx, draft.base), p));
        if (grip) {
          drag.current = { kind: "grip", grip, from: p };
          return true;
        }
      }
      const at = unitAt(ctx, position, p);
      drag.current = { kind: "press", unit: at };
      return at !== undefined;
    },
    drag(p) {
      const d = drag.current;
      if (!d) return;
      if (d.kind === "ruler") setRuler({ a: d.a, b: p });
      else if (d.kind === "grip" && draft.base)
        draft.setLive(dragOp(ctx, draft.base, d.grip, d.from, p, road, unitFrontCentre(ctx, draft.base)));
    },
    up(p, click) {
      const d = drag.current;
      drag.current = undefined;
      if (!d) return click ? select(undefined) : undefined;
      if (d.kind === "ruler") {
        setRuler({ a: d.a, b: p });
        props.announce(`ruler: ${rulerWords(measure(d.a, p))}`);
      } else if (d.kind === "press") {
        if (click) pick(d.unit);
      } else if (click && d.grip.kind === "advance") {
        draft.setLive(undefined);
        if (selected) pick(selected);
      } else if (draft.live) {
        draft.setProgram([...draft.program, draft.live]);
        draft.setLive(undefined);
      }
    },
    key,
  };

  const size = labelSize(view.w);
  return (
    <div className="game-body hm11 hmnt">
      <div className="board-wrap">
        <NtToolbar
          toggles={toggles}
          onToggle={toggle}
          onZoom={(f) => setView(zoomCentre(view, ctx.table, f))}
          onHome={() => setView(homeView(ctx.table))}
          ruler={ruler ? rulerWords(measure(ruler.a, ruler.b)) : undefined}
        />
        <Board
          table={ctx.table}
          view={view}
          setView={setView}
          handlers={handlers}
          defs={null}
          geometry={
            <>
              <Terrain ctx={ctx} />
              <Overlays
                ctx={ctx}
                position={position}
                threats={toggles.threats}
                protect={toggles.protect}
                ranges={toggles.ranges ? (selected ? [selected] : Object.keys(position.units)) : []}
              />
              <Units
                ctx={ctx}
                position={position}
                selected={selected}
                marked={marked}
                located={located}
                words={(id) => unitLine(ctx, position, id)}
                onFocus={(id) => props.announce(unitLine(ctx, position, id))}
                onEnter={pick}
              />
              {reachable.map(([t, plan]) =>
                unit ? <ChargePath key={t} ctx={ctx} u={unit} plan={plan} /> : null,
              )}
              {rolled && draft.ghost && (
                <Ghost
                  ctx={ctx}
                  ghost={draft.ghost}
                  legal={draft.check?.legal ?? false}
                  hinge={draft.hinge}
                  meters={draft.meters}
                />
              )}
              {sight && <Sight ctx={ctx} position={position} w={sight} />}
              <Ruler ruler={ruler} />
            </>
          }
          upright={
            <>
              <UnitLabels ctx={ctx} position={position} size={size} />
              {rolled && <MeterLabels ctx={ctx} meters={draft.meters} size={size} />}
            </>
          }
          label={`${ctx.scenario.name}: ${statusLine(ctx, position)}. Tab to a unit, Enter to select it. Keys: T threat zones, P protected sides, L line of sight, M ruler, G ranges, + − 0 zoom, arrows pan.`}
          cursor={toggles.ruler ? "crosshair" : "default"}
        />
      </div>
      <Panel
        props={props}
        selected={selected}
        unit={unit as UnitState | undefined}
        mine={mine}
        draft={draft}
        road={road}
        onRoad={setRoad}
        fireTargets={fireTargets}
        shotTarget={shotTarget}
        onShotTarget={setShotTarget}
        shot={shot}
        reachable={reachable}
        sight={sight}
        sightOn={toggles.sight}
        onSightSide={setSightSide}
      />
    </div>
  );
}
